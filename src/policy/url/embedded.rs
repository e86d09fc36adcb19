//! Host names that spell an IP address: wildcard-DNS services (`127.0.0.1.nip.io`, `10-0-0-1.sslip.io`,
//! `7f000001.nip.io`, `--1.sslip.io`) answer every such name with the address written in it, and anyone can
//! run such a zone under their own domain. A name that spells an internal address is judged like the
//! address itself. Outside the known echo zones a dashed address counts only where such zones put it, at
//! a label's end (`ip-10-0-0-1`): mid-label numbers (`release-10-0-0-1-beta`) are versions and dates. Names that point at this machine without spelling it (`lvh.me`, `localtest.me`) are
//! listed in the policy (`loopback_domains`).
//!
//! Without DNS the gateway cannot know where an arbitrary name resolves: this catches the names that say
//! it, which is what the wildcard services and DNS-rebinding kits use.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use super::host::{v4_internal, v6_internal};
use super::{rules, Findings, UrlPolicy};

/// An address written in a name, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Spelled {
    ip: IpAddr,
    /// Written as eight hex digits (`7f000001`): such labels also occur as plain identifiers (short hashes),
    /// so only the ranges no public site lives in are judged from them.
    hex: bool,
}

/// A decimal octet as wildcard-DNS services write it: one to three digits, at most 255.
fn octet(s: &str) -> Option<u8> {
    if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The first four consecutive octets in `parts` (dot-separated labels, or dash-separated tokens of one
/// label): `a.1.2.3.4.5.nip.io` names 1.2.3.4.
fn four_octets<'a>(parts: impl Iterator<Item = &'a str>) -> Option<Ipv4Addr> {
    let octets: Vec<Option<u8>> = parts.map(octet).collect();
    octets.windows(4).find_map(|w| match w {
        [Some(a), Some(b), Some(c), Some(d)] => Some(Ipv4Addr::new(*a, *b, *c, *d)),
        _ => None,
    })
}

/// The address in a label's last four dash-separated tokens (`10-0-0-1`, `app-10-0-0-1`): where wildcard
/// zones put it, after any prefix. With more tokens after it (`release-10-0-0-1-beta`) the numbers are a
/// version or a date, not an address a zone answers with.
fn dashed_v4_tail(label: &str) -> Option<Ipv4Addr> {
    // At most five pieces from the end: the four tokens judged, then the prefix left whole.
    let mut tokens = label.rsplitn(5, '-');
    let d = octet(tokens.next()?)?;
    let c = octet(tokens.next()?)?;
    let b = octet(tokens.next()?)?;
    let a = octet(tokens.next()?)?;
    Some(Ipv4Addr::new(a, b, c, d))
}

/// Eight hex digits, the whole label or its last dash-separated token (`app-0a000001`).
fn hex_v4(label: &str) -> Option<Ipv4Addr> {
    let token = label.rsplit('-').next().unwrap_or(label);
    if token.len() != 8 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(token, 16).ok().map(Ipv4Addr::from)
}

/// An IPv6 address with `-` for `:` (sslip.io's form: `--1`, `fd00-ec2--254`). Only labels with a `--`
/// (a `::`) or seven dashes can be one, which keeps ordinary hyphenated names out.
fn dashed_v6(label: &str) -> Option<Ipv6Addr> {
    if !label.contains("--") && label.bytes().filter(|&b| b == b'-').count() != 7 {
        return None;
    }
    label.replace('-', ":").parse().ok()
}

/// Every address the labels of a host spell, in the order found. Under an echo zone (`echo`) a dashed
/// address counts wherever its four tokens stand in a label, as the services read it and as the name is
/// an IP host anyway; elsewhere only at the label's end ([`dashed_v4_tail`]).
fn spelled(labels: &[&str], echo: bool) -> Vec<Spelled> {
    let mut found = Vec::new();
    if let Some(v4) = four_octets(labels.iter().copied()) {
        found.push(Spelled {
            ip: IpAddr::V4(v4),
            hex: false,
        });
    }
    for label in labels {
        let dashed = if echo {
            four_octets(label.split('-'))
        } else {
            dashed_v4_tail(label)
        };
        if let Some(v4) = dashed {
            found.push(Spelled {
                ip: IpAddr::V4(v4),
                hex: false,
            });
        }
        if let Some(v4) = hex_v4(label) {
            found.push(Spelled {
                ip: IpAddr::V4(v4),
                hex: true,
            });
        }
        if let Some(v6) = dashed_v6(label) {
            found.push(Spelled {
                ip: IpAddr::V6(v6),
                hex: false,
            });
        }
    }
    found
}

/// Why a spelled address is internal, if it is. Hex-spelled ones count only for the ranges where internal
/// services live (loopback, private, link-local, CGNAT, `0/8`): one random eight-hex label in eight would
/// otherwise read as a multicast or reserved address.
fn internal(s: Spelled) -> Option<&'static str> {
    match s.ip {
        IpAddr::V4(a) if s.hex => {
            let [o0, o1, ..] = a.octets();
            let cgnat = o0 == 100 && (o1 & 0xC0) == 64;
            (a.is_loopback() || a.is_private() || a.is_link_local() || cgnat || o0 == 0)
                .then(|| v4_internal(a))
                .flatten()
        }
        IpAddr::V4(a) => v4_internal(a),
        IpAddr::V6(a) => v6_internal(a),
    }
}

/// Whether `ascii` is `domain` or under it.
pub(super) fn is_under(ascii: &str, domain: &str) -> bool {
    ascii == domain
        || (ascii.len() > domain.len()
            && ascii.ends_with(domain)
            && ascii.as_bytes().get(ascii.len() - domain.len() - 1) == Some(&b'.'))
}

/// Runs the checks on a lowercase ASCII host name without its trailing dot, split into `labels`.
pub(super) fn check(policy: &UrlPolicy, ascii: &str, labels: &[&str], out: &mut Findings) {
    if let Some(d) = policy.loopback_domains.iter().find(|d| is_under(ascii, d)) {
        out.push(
            rules::HOST_INTERNAL,
            format!(
                "the host `{ascii}` is under `{d}`, a public name set up to point at this machine"
            ),
        );
    }
    let echo = policy.ip_echo_domains.iter().find(|d| is_under(ascii, d));
    if echo.is_none() && !ascii.bytes().any(|b| b.is_ascii_digit() || b == b'-') {
        // Nearly every host: without a digit or a dash a name spells no dotted or dashed address, and
        // an eight-hex label of letters only (`deadbeef`) is in none of the ranges `internal` judges
        // from hex (each of those has a digit in its first two bytes: 7f, 0a, ac1x, c0a8, a9fe, 64-7f,
        // 00), so only an echo zone would make it a finding. A test checks this against `spelled`.
        return;
    }
    for s in spelled(labels, echo.is_some()) {
        if let Some(why) = internal(s) {
            out.push(
                rules::HOST_INTERNAL,
                format!(
                    "the host `{ascii}` spells the IP address {} ({why}) in its name; wildcard DNS answers such names with that address",
                    s.ip
                ),
            );
        }
        if let Some(d) = echo {
            out.push(
                rules::HOST_IP,
                format!(
                    "the host `{ascii}` is a `{d}` name for the IP address {}, not a site's name",
                    s.ip
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ips(host: &str) -> Vec<String> {
        let labels: Vec<&str> = host.split('.').collect();
        spelled(&labels, false)
            .iter()
            .map(|s| s.ip.to_string())
            .collect()
    }

    fn echo_ips(host: &str) -> Vec<String> {
        let labels: Vec<&str> = host.split('.').collect();
        spelled(&labels, true)
            .iter()
            .map(|s| s.ip.to_string())
            .collect()
    }

    #[test]
    fn forms() {
        assert_eq!(ips("127.0.0.1.nip.io"), ["127.0.0.1"]);
        assert_eq!(ips("a.1.2.3.4.5.nip.io"), ["1.2.3.4"]);
        assert_eq!(ips("app-10-0-0-1.sslip.io"), ["10.0.0.1"]);
        assert_eq!(ips("7f000001.nip.io"), ["127.0.0.1"]);
        assert_eq!(ips("x-c0a80001.nip.io"), ["192.168.0.1"]);
        assert_eq!(ips("--1.sslip.io"), ["::1"]);
        assert!(ips("1.2.3.example.com").is_empty());
        assert!(ips("256.1.1.1.example.com").is_empty());
        assert!(ips("my-app-1-2-3.example.com").is_empty());
        assert!(ips("xn--80ak6aa92e.com").is_empty());
        assert_eq!(ips("10-0-0-1.example.net"), ["10.0.0.1"]);
        assert_eq!(ips("ip-1-10-0-0-1.example.net"), ["10.0.0.1"]);
        assert!(ips("release-10-0-0-1-beta.example.com").is_empty());
        assert_eq!(echo_ips("app-10-0-0-1-beta.sslip.io"), ["10.0.0.1"]);
    }

    proptest::proptest! {
        /// The shortcut in `check`: a letters-and-dots host outside an echo zone spells nothing internal.
        #[test]
        fn hosts_without_digits_or_dashes_spell_nothing_internal(host in "[a-f]{8}(\\.[a-z]{1,8}){0,3}|[a-z]{1,10}(\\.[a-z]{1,8}){1,3}") {
            let labels: Vec<&str> = host.split('.').collect();
            proptest::prop_assert!(spelled(&labels, false).into_iter().all(|s| internal(s).is_none()), "{}", host);
        }
    }

    #[test]
    fn every_eight_hex_letter_label_is_outside_the_hex_ranges() {
        // Exhaustive over the first two bytes, which decide every range `internal` judges from hex.
        let letters = ['a', 'b', 'c', 'd', 'e', 'f'];
        for a in letters {
            for b in letters {
                for c in letters {
                    for d in letters {
                        let label = format!("{a}{b}{c}{d}aaaa");
                        let s = Spelled {
                            ip: IpAddr::V4(hex_v4(&label).unwrap()),
                            hex: true,
                        };
                        assert!(internal(s).is_none(), "{label}");
                    }
                }
            }
        }
    }

    #[test]
    fn hex_labels_count_only_for_internal_ranges() {
        let hex = |h: &str| Spelled {
            ip: IpAddr::V4(hex_v4(h).unwrap()),
            hex: true,
        };
        assert!(internal(hex("7f000001")).is_some());
        assert!(internal(hex("a9fea9fe")).is_some());
        assert!(internal(hex("e0000001")).is_none(), "multicast");
        assert!(internal(hex("deadbeef")).is_none());
    }
}
