//! Checks on the parsed host: IP addresses and internal ranges, internal names, internationalised
//! labels (Chromium's IDN display policy, UTS #39 via `unicode-security`: [`super::idn`]), and look-alikes
//! of the operator's protected brands and of the shipped well-known sites ([`super::top_sites`]).

use std::borrow::Cow;
use std::collections::HashMap;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::LazyLock;

use smallvec::SmallVec;
use unicode_security::skeleton;
use url::Host;

use super::{rules, Findings, UrlPolicy};

/// Bound on the length of a label compared by edit distance (DNS labels are at most 63 bytes; the
/// quadratic distance table stays tiny).
const MAX_EDIT_LABEL: usize = 63;

/// The comparison form of a label: UTS #39 skeleton, lowercased, so `аррӏе`, `app1e` and `apple`
/// agree, and `rn` meets `m` (the skeleton of `m` is `rn`).
pub(super) fn fold(label: &str) -> String {
    if label.is_ascii() {
        // The skeleton maps character by character, so an ASCII label is the concatenation of its
        // characters' folds: looked up, not recomputed through NFD for every URL (a test checks both agree).
        let table = &*ASCII_FOLDS;
        // Most characters fold to one (`m` to two): sized for that, not grown from empty.
        let mut out = String::with_capacity(label.len() + 4);
        out.extend(
            label
                .bytes()
                .filter_map(|b| table.get(usize::from(b)))
                .map(String::as_str),
        );
        return out;
    }
    fold_general(label)
}

/// [`fold`] for any text: the lowercase skeleton without combining marks, so that a letter with a
/// diacritic compares as the letter (`googlé` as `google`, as Chromium compares with its top domains).
fn fold_general(label: &str) -> String {
    skeleton_of(label)
        .filter(|&c| !unicode_normalization::char::is_combining_mark(c))
        .map(|c| if K_ALIKES.contains(&c) { 'k' } else { c })
        .collect()
}

/// Letters UTS #39 leaves apart from `k` (Cyrillic `к` and Greek `κ` map to `ĸ`, kra) that Chromium's
/// extra confusables read as `k` when it compares a host with its top domains (`[ĸκкқҝҟҡӄԟ] > k`):
/// lowercase, they are `k` with a shorter ascender at any size a host is shown at, so a Cyrillic
/// `каѕрі` compares as `kaspi`. Only `k`: Chromium's other extra mappings (`н` to `h`, `т` to `t`)
/// would make ordinary Cyrillic words meet Latin names.
const K_ALIKES: &[char] = &[
    '\u{0138}', '\u{03BA}', '\u{043A}', '\u{049B}', '\u{049D}', '\u{049F}', '\u{04A1}', '\u{04C4}',
    '\u{051F}',
];

/// The UTS #39 skeleton of a label, lowercased, marks kept: what the label reads as, letter by letter.
pub(super) fn skeleton_of(label: &str) -> impl Iterator<Item = char> + '_ {
    skeleton_lower(label).flat_map(char::to_lowercase)
}

fn skeleton_lower(label: &str) -> impl Iterator<Item = char> {
    skeleton(&label.to_lowercase())
        .collect::<Vec<char>>()
        .into_iter()
}

/// [`fold_general`] of each ASCII character, by byte value.
static ASCII_FOLDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    (0u8..128)
        .map(|b| fold_general(char::from(b).encode_utf8(&mut [0u8; 4])))
        .collect()
});

/// Whether the URL's host is loopback (`localhost`, 127/8, `::1`).
pub(super) fn is_loopback_host(host: Option<Host<&str>>) -> bool {
    match host {
        Some(Host::Ipv4(a)) => a.is_loopback(),
        Some(Host::Ipv6(a)) => {
            a.is_loopback() || a.to_ipv4_mapped().is_some_and(|v| v.is_loopback())
        }
        Some(Host::Domain(d)) => {
            let d = d.trim_end_matches('.').to_ascii_lowercase();
            d == "localhost" || d.ends_with(".localhost")
        }
        None => false,
    }
}

/// Why an IPv4 address is not a public destination, if it is not.
pub(super) fn v4_internal(a: Ipv4Addr) -> Option<&'static str> {
    let [o0, o1, o2, _] = a.octets();
    if a.is_loopback() {
        Some("loopback")
    } else if a.is_private() {
        Some("private")
    } else if a.is_link_local() {
        // 169.254.169.254 is the metadata service of AWS, GCP, Azure and others.
        Some("link-local (cloud metadata lives here)")
    } else if o0 == 100 && (o1 & 0xC0) == 64 {
        // 100.64.0.0/10; Alibaba's metadata service is 100.100.100.200.
        Some("carrier-grade NAT (cloud metadata lives here)")
    } else if o0 == 0 {
        Some("unspecified")
    } else if a.is_broadcast()
        || a.is_multicast()
        || o0 >= 240
        // 192.0.0.0/24 (protocol assignments) and 198.18.0.0/15 (benchmarking).
        || (o0 == 192 && o1 == 0 && o2 == 0)
        || (o0 == 198 && (o1 & 0xFE) == 18)
    {
        Some("reserved")
    } else if a.is_documentation() {
        Some("documentation")
    } else {
        None
    }
}

/// Why an IPv6 address is not a public destination, if it is not.
pub(super) fn v6_internal(a: Ipv6Addr) -> Option<&'static str> {
    let seg = a.segments();
    if let Some(v4) = a.to_ipv4_mapped() {
        return v4_internal(v4).or(Some("an IPv4-mapped address"));
    }
    if a.is_loopback() {
        Some("loopback")
    } else if a.is_unspecified() {
        Some("unspecified")
    } else if (seg[0] & 0xFE00) == 0xFC00 {
        // fc00::/7, which holds AWS's IPv6 metadata address fd00:ec2::254.
        Some("unique local (cloud metadata lives here)")
    } else if (seg[0] & 0xFFC0) == 0xFE80 {
        Some("link-local")
    } else if a.is_multicast() {
        Some("multicast")
    } else if seg[0] == 0x2001 && seg[1] == 0x0db8 {
        Some("documentation")
    } else if seg[0] == 0x0064 && seg[1] == 0xff9b {
        // NAT64 embeds an IPv4 address; judge that one.
        let v4 = Ipv4Addr::new(
            (seg[6] >> 8) as u8,
            seg[6] as u8,
            (seg[7] >> 8) as u8,
            seg[7] as u8,
        );
        v4_internal(v4)
    } else if seg[0] == 0 && seg[1] == 0 && seg[2] == 0 && seg[3] == 0 && seg[4] == 0 {
        // IPv4-compatible (deprecated) and other ::/80 forms.
        Some("reserved")
    } else {
        None
    }
}

/// Runs every host check.
pub(super) fn check(
    policy: &UrlPolicy,
    host: Host<&str>,
    raw_host: Option<&str>,
    out: &mut Findings,
) {
    match host {
        Host::Ipv4(a) => {
            let dotted = a.to_string();
            let notation = match raw_host {
                Some(r) if r != dotted => format!(", written as `{r}`, an unusual notation"),
                _ => String::new(),
            };
            out.push(
                rules::HOST_IP,
                format!("the host is the IP address {dotted}{notation}, not a name"),
            );
            if !notation.is_empty() {
                out.push(
                    rules::AMBIGUOUS,
                    format!(
                        "the host `{}` is really the IP address {dotted}",
                        raw_host.unwrap_or("")
                    ),
                );
            }
            if let Some(why) = v4_internal(a) {
                out.push(
                    rules::HOST_INTERNAL,
                    format!("the IP address {dotted} is {why}, not a public site"),
                );
            }
        }
        Host::Ipv6(a) => {
            out.push(
                rules::HOST_IP,
                format!("the host is the IP address [{a}], not a name"),
            );
            if let Some(why) = v6_internal(a) {
                out.push(
                    rules::HOST_INTERNAL,
                    format!("the IP address [{a}] is {why}, not a public site"),
                );
            }
        }
        Host::Domain(d) => {
            // A host found clean before is clean again (the checks read nothing but the policy and these
            // two strings); one with findings is checked every time. See `clean_hosts`.
            if policy.clean_hosts.holds(d, raw_host) {
                return;
            }
            let before = out.pushes;
            check_domain(policy, d, raw_host, out);
            if out.pushes == before {
                policy.clean_hosts.note(d, raw_host);
            }
        }
    }
}

/// A host written with a capital `I` where a well-known site has `l` (`dhI.com` for `dhl.com`): the
/// host read with each capital `I` as `l` (`as_l`) has a registrable domain on the shipped list, and the
/// host as the browser visits it (`lower`) has not. Only an exact listed domain counts, so a capitalised
/// name written as usual (`Instagram.com`, `IKEA.com`) is the site itself, never this.
pub(super) fn capital_i(
    t: &super::top_sites::TopSites,
    lower: &str,
    as_l: &str,
    out: &mut Findings,
) {
    let (Some(reg_l), Some(reg)) = (psl::domain_str(as_l), psl::domain_str(lower)) else {
        return;
    };
    if reg_l != reg && t.is_known(reg_l) && !t.is_known(reg) {
        out.push(
            rules::HOST_BRAND,
            format!(
                "the host is written with a capital `I` where `{reg_l}` has an `l`: it reads as `{reg_l}` but is `{reg}`"
            ),
        );
    }
}

fn check_domain(policy: &UrlPolicy, ascii: &str, raw_host: Option<&str>, out: &mut Findings) {
    // The `url` crate already lower-cases the hosts of web links; other schemes' hosts may not be.
    let ascii = ascii.trim_end_matches('.');
    let ascii: Cow<'_, str> = if ascii.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(ascii.to_ascii_lowercase())
    } else {
        Cow::Borrowed(ascii)
    };
    let (unicode, idna_result) = to_unicode(&ascii);
    if idna_result.is_err() {
        out.push(
            rules::HOST_PUNYCODE,
            format!("the host `{ascii}` has labels that are not valid internationalised names"),
        );
    }
    // The host as written must be the host the browser visits, in ASCII or in Unicode form.
    if let Some(r) = raw_host {
        if r != ascii && r != unicode && !same_script_mapping(r, &unicode) {
            out.push(
                rules::AMBIGUOUS,
                format!("the host is written in an unusual form that browsers read as `{unicode}`"),
            );
        }
    }

    // Hosts have a handful of labels: kept on the stack (one allocation less for each of a link's hosts).
    let labels: SmallVec<[&str; 8]> = super::split_byte(&ascii, b'.').collect();
    if labels.len() < 2 {
        out.push(
            rules::HOST_SINGLE_LABEL,
            format!("the host `{ascii}` is a single name, not a public domain"),
        );
    }
    internal_name(policy, &ascii, labels.len(), out);
    super::embedded::check(policy, &ascii, &labels, out);

    let internationalised = labels.iter().any(|l| l.starts_with("xn--"));
    let ulabels: SmallVec<[&str; 8]> = super::split_byte(&unicode, b'.').collect();
    let before_idn = out.pushes;
    if internationalised || !unicode.is_ascii() {
        // The registry's labels (the public suffix) are not the link author's: judged are the others,
        // as a browser judges each label, with the top-level domain for the checks that depend on it.
        let suffix_labels = psl::suffix(ascii.as_bytes())
            .filter(|s| s.is_known())
            .map_or(1, |s| {
                s.as_bytes().iter().filter(|&&b| b == b'.').count() + 1
            });
        let own = ulabels.len().saturating_sub(suffix_labels);
        let domain = super::idn::Domain {
            tld_unicode: ulabels.last().copied().unwrap_or(""),
            tld_ascii: labels.last().copied().unwrap_or(""),
        };
        for l in ulabels.iter().take(own).filter(|l| !l.is_ascii()) {
            super::idn::check_label(l, &domain, out);
        }
    }
    let before_brand = out.pushes;
    brand_checks(policy, &ascii, &ulabels, None, out);
    if out.pushes == before_brand {
        nested_country_zone(policy, &ascii, &ulabels, out);
    }
    // A browser shows an internationalised host it finds deceptive as punycode; `idn_strict` asks for
    // every one.
    if internationalised && (policy.idn_strict || out.pushes > before_idn) {
        out.push(
            rules::HOST_PUNYCODE,
            format!(
                "the host is internationalised: it reads as `{unicode}` but is really `{ascii}`"
            ),
        );
    }
}

/// A site that a site builder gives its user as a path rather than a subdomain
/// (`sites.google.com/view/<site>`, `<account>.wixsite.com/<site>`; `super::path_site`), judged as a
/// page's label on a hosting service is: the name the publisher chose, with the service's name after it.
/// Only the lure, hosting and government checks of a hosted page run, not the coined name as a word of
/// its own (`name_token.rs`): a fan club's page on Google Sites (`<name>-watch-club`) names the service
/// as often as a kit does. What they find is reported as `url.path.brand`.
pub(super) fn path_site_checks(policy: &UrlPolicy, url: &super::Parts<'_>, out: &mut Findings) {
    let Some(host) = url.domain() else {
        return;
    };
    let host = host.trim_end_matches('.');
    let Some((service, site)) = url
        .path_segments()
        .and_then(|segs| super::path_site::site_of(host, segs))
    else {
        return;
    };
    // The service's own name in the site's (`google-login-workshop` on Google Sites) is the service's
    // business, as `path_bait.rs` reads it.
    let own_name = psl::domain_str(service).and_then(|d| d.split('.').next());
    if let Some(n) = own_name.filter(|n| site.split('-').any(|t| t == *n)) {
        // (`urls13`) Unless the rest of the name is the step a phishing page exists for: the service's
        // own name beside a sign-in or verify word, or two lure words (`account`, `recovery`), and no
        // word of a project about it (`workshop`, `demo`). The hosting company's own help and recovery
        // pages live on its own domains, never on a user's site; `lure_brand` never reads the service's
        // own name on its own hosting domain, so this is said here.
        if let Some(why) = super::path_site::own_name_bait(&site, n) {
            out.push(
                rules::PATH_BRAND,
                format!(
                    "the page's path names a site of its own, `{site}` on {service}, a page anyone can \
                     publish; it names {service}'s own owner beside {why}, but the owner's account \
                     pages are on its own domains"
                ),
            );
        }
        return;
    }
    // The page's name before the service's host, as a hosting service's page is named.
    let mut ascii = String::with_capacity(site.len() + 1 + service.len());
    ascii.push_str(&site);
    ascii.push('.');
    ascii.push_str(service);
    let ulabels: SmallVec<[&str; 8]> = super::split_byte(&ascii, b'.').collect();
    let mut found = Findings::new("");
    brand_checks(policy, &ascii, &ulabels, Some(service), &mut found);
    for f in found.into_vec() {
        out.push(
            rules::PATH_BRAND,
            format!(
                "the page's path names a site of its own, `{site}` on {service}, a page anyone can \
                 publish; read as one: {}",
                f.message
            ),
        );
    }
}

/// Generic top-level domains under which registries sell a country's second-level zone as a name of
/// their own (`co.za.com`, `com.br.com`, `co.uk.com`, `gov.au.com`).
const NESTED_ZONE_TLDS: &[&str] = &["com", "net", "org"];

/// A country's second-level zone glued under a generic ending (`<label>.co.za.com`, `<label>.com.br.com`,
/// `<label>.gov.<cc>.com`): the public suffix list reads `za.com` as the ending and `co` as the
/// registrable name, so the label the reader takes for the site's name is a subdomain, and the checks
/// on registrable labels (lure words, names beside words) never see it. The reader takes the host for
/// the country's own zone with `.com` after it, so it is judged again as if under that zone
/// (`sarsefiling-refund.co.za`), and what that finds is reported for this host. Only when the two labels
/// before the generic ending are an ending of the public suffix list's ICANN section (`co.za`, `com.br`,
/// `gov.au`), with a label before them.
fn nested_country_zone(policy: &UrlPolicy, ascii: &str, ulabels: &[&str], out: &mut Findings) {
    let Some((inner, tld)) = ascii.rsplit_once('.') else {
        return;
    };
    if !NESTED_ZONE_TLDS.contains(&tld) || ulabels.len() < 4 {
        return;
    }
    // The country's zone: the last two labels of `inner`, an ICANN ending of exactly those two.
    let mut back = inner.rsplitn(3, '.');
    let (Some(cc), Some(second), Some(_head)) = (back.next(), back.next(), back.next()) else {
        return;
    };
    let zone_len = second.len() + 1 + cc.len();
    let Some(zone) = inner.get(inner.len().saturating_sub(zone_len)..) else {
        return;
    };
    let is_zone = cc.len() == 2
        && psl::suffix(zone.as_bytes()).is_some_and(|s| {
            s.is_known() && s.typ() == Some(psl::Type::Icann) && s.as_bytes() == zone.as_bytes()
        });
    if !is_zone {
        return;
    }
    let mut found = Findings::new("");
    brand_checks(
        policy,
        inner,
        ulabels
            .get(..ulabels.len().saturating_sub(1))
            .unwrap_or_default(),
        None,
        &mut found,
    );
    for f in found.into_vec() {
        out.push(
            &f.rule,
            format!(
                "the host `{ascii}` puts `.{tld}` after the country's ending `{zone}`, a registry's \
                 copy of it; read under `{zone}`: {}",
                f.message
            ),
        );
    }
}

/// Whether the host as written (`raw`) becomes `unicode` only by compatibility mappings (UTS #46) of
/// letters of a script other than Latin into letters of that script: a ligature written as one
/// character (Armenian `և` for `եւ`, as the Yerevan city domain is spelt). The browser visits the name
/// the writer meant, in the script it shows. A mapping to or from Latin letters (full-width `ｇ`, the
/// `ﬁ` ligature, mathematical letters) is not this: it writes an ASCII name in an unusual form, which is
/// how filters are evaded, and stays `url.ambiguous`.
fn same_script_mapping(raw: &str, unicode: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    let map = |c: char| -> String {
        std::iter::once(c)
            .nfkc()
            .flat_map(char::to_lowercase)
            .collect()
    };
    let non_latin_letter =
        |c: char| c.is_alphabetic() && c > '\u{024F}' && !('\u{1E00}'..='\u{1EFF}').contains(&c);
    let mut mapped = String::with_capacity(raw.len());
    for c in raw.chars() {
        let m = map(c);
        if m.chars().ne(std::iter::once(c))
            && !(non_latin_letter(c)
                && !('\u{FB00}'..='\u{FB06}').contains(&c)
                && m.chars().all(non_latin_letter))
        {
            return false;
        }
        mapped.push_str(&m);
    }
    mapped == unicode
}

/// The Unicode form of an ASCII host and whether IDNA accepts it. A host of letters, digits, hyphens and
/// dots with no `xn--` label (nearly every host) is its own Unicode form, so the IDNA pass is skipped for
/// it; a test checks both ways agree.
fn to_unicode(ascii: &str) -> (Cow<'_, str>, Result<(), idna::Errors>) {
    let ldh = ascii
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.');
    if ldh && !super::split_byte(ascii, b'.').any(|l| l.starts_with("xn--")) {
        return (Cow::Borrowed(ascii), Ok(()));
    }
    let (unicode, result) = idna::domain_to_unicode(ascii);
    (Cow::Owned(unicode), result)
}

/// Names that never reach the public Internet.
fn internal_name(policy: &UrlPolicy, ascii: &str, n_labels: usize, out: &mut Findings) {
    let is_localhost = ascii == "localhost" || ascii.ends_with(".localhost");
    let listed = policy.internal_hosts.contains(ascii);
    let suffix = policy.internal_suffixes.iter().find(|s| {
        ascii == s.as_str()
            || (ascii.ends_with(s.as_str())
                && ascii.as_bytes().get(ascii.len() - s.len() - 1) == Some(&b'.'))
    });
    if is_localhost {
        out.push(
            rules::HOST_INTERNAL,
            "the host is this machine (`localhost`)",
        );
    } else if super::split_byte(ascii, b'.').any(|l| l == "localhost") {
        // `localhost.example.net` is a public name, but such names are set up to point at this machine
        // (DNS rebinding, local development helpers), and a person reads them as local.
        out.push(
            rules::HOST_INTERNAL,
            format!("the host `{ascii}` names `localhost` inside another domain; such names point at this machine"),
        );
    } else if listed {
        out.push(
            rules::HOST_INTERNAL,
            format!("the host `{ascii}` is an internal service (cloud metadata)"),
        );
    } else if let Some(s) = suffix {
        out.push(
            rules::HOST_INTERNAL,
            format!("the host `{ascii}` is under `.{s}`, a private network name"),
        );
    } else if n_labels >= 2 && !psl::suffix(ascii.as_bytes()).is_some_and(|s| s.is_known()) {
        out.push(
            rules::HOST_INTERNAL,
            format!("the host `{ascii}` is not under a public domain ending"),
        );
    }
}

/// Damerau-Levenshtein (optimal string alignment) distance, bounded by [`MAX_EDIT_LABEL`].
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(MAX_EDIT_LABEL).collect();
    let b: Vec<char> = b.chars().take(MAX_EDIT_LABEL).collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    d[a.len() * w + b.len()]
}

/// The brand a label imitates without being it: same skeleton (homoglyphs, digit swaps, `rn`/`m`),
/// or one edit away when both are long enough (one edit turns the short word `cloud` into `icloud`).
/// The first such brand in list order, found through [`BrandIndex`] rather than by comparing the label
/// with every brand (a proptest compares the two).
fn imitated<'a>(policy: &'a UrlPolicy, label: &str) -> Option<&'a str> {
    imitated_folded(policy, label, &fold(label))
}

/// [`imitated`] of a label already folded.
fn imitated_folded<'a>(policy: &'a UrlPolicy, label: &str, folded: &str) -> Option<&'a str> {
    let collapsed = collapse_runs(folded);
    let long = folded.chars().count() >= policy.brand_min_len_for_edit;
    let at = policy
        .brand_index
        .first_near(&policy.brands, label, folded, &collapsed, long)?;
    policy.brands.get(at).map(|b| b.name.as_str())
}

/// [`imitated`] by comparing the label with every brand in turn: the definition the index must agree with.
#[cfg(test)]
fn imitated_linear<'a>(policy: &'a UrlPolicy, label: &str) -> Option<&'a str> {
    let folded = fold(label);
    let collapsed = collapse_runs(&folded);
    let long = folded.chars().count() >= policy.brand_min_len_for_edit;
    policy.brands.iter().find_map(|b| {
        if label == b.name {
            return None;
        }
        let near = folded == b.folded
            || collapsed == b.collapsed
            || (b.long && long && within_one_edit(&folded, &b.folded));
        near.then_some(b.name.as_str())
    })
}

/// The protected brands by their comparison forms, built once per policy: a label is looked up by its
/// skeleton and its collapsed skeleton in two hash maps, and compared by edit distance only with the long
/// brands whose length leaves one edit possible. Comparing every label with all thirty brands, three string
/// comparisons and an edit check each, was a tenth of a URL's judgement. The maps are built from the
/// policy's own list and only queried, so an attacker's labels cannot flood them.
#[derive(Debug, Default)]
pub(super) struct BrandIndex {
    /// Brand positions (in list order) by folded form.
    by_folded: HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
    /// Brand positions by collapsed folded form.
    by_collapsed: HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
    /// Long brands (edit matching applies): position, whether the folded form is ASCII, and its length
    /// in bytes when it is, else in characters.
    long: Vec<(usize, bool, usize)>,
    /// The long brands whose folded form is ASCII, by length in bytes then position: the ones an ASCII label
    /// can be one edit from sit in one run of lengths, found by binary search instead of a walk of `long`.
    ascii_long_by_len: Vec<(usize, usize)>,
    /// Every long brand's folded form is ASCII (so `ascii_long_by_len` holds all of `long`).
    long_all_ascii: bool,
}

impl BrandIndex {
    /// Indexes `brands`.
    pub(super) fn build(brands: &[super::Brand]) -> Self {
        let mut index = BrandIndex::default();
        for (i, b) in brands.iter().enumerate() {
            index.by_folded.entry(b.folded.clone()).or_default().push(i);
            index
                .by_collapsed
                .entry(b.collapsed.clone())
                .or_default()
                .push(i);
            if b.long {
                let ascii = b.folded.is_ascii();
                let len = if ascii {
                    b.folded.len()
                } else {
                    b.folded.chars().count()
                };
                index.long.push((i, ascii, len));
                if ascii {
                    index.ascii_long_by_len.push((len, i));
                }
            }
        }
        index.ascii_long_by_len.sort_unstable();
        index.long_all_ascii = index.long.iter().all(|&(_, ascii, _)| ascii);
        index
    }

    /// The first brand (position in `brands`) that `label`, folded and collapsed as given, is near but
    /// not named: what [`imitated_linear`] finds, brand by brand.
    fn first_near(
        &self,
        brands: &[super::Brand],
        label: &str,
        folded: &str,
        collapsed: &str,
        long: bool,
    ) -> Option<usize> {
        let named = |i: &usize| brands.get(*i).is_some_and(|b| b.name == label);
        let by_form = [self.by_folded.get(folded), self.by_collapsed.get(collapsed)];
        let mut best = by_form
            .into_iter()
            .flatten()
            .flat_map(|v| v.iter())
            .filter(|i| !named(i))
            .min()
            .copied();
        if !long {
            return best;
        }
        let ascii = folded.is_ascii();
        let len = if ascii {
            folded.len()
        } else {
            folded.chars().count()
        };
        if !ascii
            && self.long_all_ascii
            && folded.chars().filter(|c| !c.is_ascii()).nth(1).is_some()
        {
            // Each character outside ASCII is an edit of its own against an ASCII brand: with two, none
            // is one edit away.
            return best;
        }
        if ascii && self.long_all_ascii {
            // Only brands of length len - 1 to len + 1 can be one edit away; the earliest that is wins.
            let from = self
                .ascii_long_by_len
                .partition_point(|&(b_len, _)| b_len + 1 < len);
            for &(b_len, i) in self.ascii_long_by_len.get(from..).unwrap_or_default() {
                if b_len > len + 1 {
                    break;
                }
                if best.is_some_and(|b| b <= i) {
                    continue;
                }
                // Both tests are pure: the cheap edit test (most brands fail its first/last byte test)
                // goes first, and the name comparison only for a brand within one edit.
                if brands
                    .get(i)
                    .is_some_and(|b| within_one_edit_ascii(folded.as_bytes(), b.folded.as_bytes()))
                    && !named(&i)
                {
                    best = Some(i);
                }
            }
            return best;
        }
        for &(i, b_ascii, b_len) in &self.long {
            if best.is_some_and(|b| b <= i) {
                // Later brands cannot come first.
                break;
            }
            if !edit_possible(ascii && b_ascii, len, b_len) || named(&i) {
                continue;
            }
            if brands
                .get(i)
                .is_some_and(|b| within_one_edit(folded, &b.folded))
            {
                best = Some(i);
                break;
            }
        }
        best
    }
}

/// Whether two texts of these lengths can be within one edit ([`within_one_edit`]): lengths in bytes when
/// both are ASCII, else in characters, of which [`edit_distance`] compares at most [`MAX_EDIT_LABEL`].
fn edit_possible(ascii: bool, a: usize, b: usize) -> bool {
    let (a, b) = if ascii {
        (a, b)
    } else {
        (a.min(MAX_EDIT_LABEL), b.min(MAX_EDIT_LABEL))
    };
    a.abs_diff(b) <= 1
}

/// Whether `a` and `b` are at most one edit apart (insertion, deletion, substitution, or a swap of two
/// neighbours): [`edit_distance`] ≤ 1 without its table. This runs once per protected brand per URL, so
/// the common ASCII case is a linear scan with no allocation; other text takes the general path.
pub(super) fn within_one_edit(a: &str, b: &str) -> bool {
    if !(a.is_ascii() && b.is_ascii()) {
        return edit_distance(a, b) <= 1;
    }
    within_one_edit_ascii(a.as_bytes(), b.as_bytes())
}

/// [`within_one_edit`] for two ASCII texts, which [`BrandIndex::first_near`] knows its label and brands are.
#[inline]
fn within_one_edit_ascii(a: &[u8], b: &[u8]) -> bool {
    let (a, b) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if b.len() - a.len() > 1 {
        return false;
    }
    // One edit leaves the first or the last byte where it was: a byte inserted at the front shifts the rest,
    // so the last bytes agree; anywhere else the first do. A swap or a substitution at one end leaves the
    // other end alone once there are three bytes. Most brands fail this at once.
    if let (Some(a0), Some(b0), Some(a1), Some(b1)) = (a.first(), b.first(), a.last(), b.last()) {
        if a0 != b0 && a1 != b1 && (a.len() != b.len() || a.len() >= 3) {
            return false;
        }
    }
    let p = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = |x: usize, y: usize| a.get(x..) == b.get(y..);
    if a.len() == b.len() {
        p == a.len()
            || tail(p + 1, p + 1)
            || (a.get(p) == b.get(p + 1) && a.get(p + 1) == b.get(p) && tail(p + 2, p + 2))
    } else {
        // One byte more in `b`, at the first difference.
        tail(p, p + 1)
    }
}

/// The string with each run of one repeated character reduced to one (`gooogle` -> `gogle`).
pub(super) fn collapse_runs(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut last = None;
    for c in s.chars() {
        if last != Some(c) {
            out.push(c);
        }
        last = Some(c);
    }
    out
}

/// Whether a label is a public suffix on its own (`com`), or starts with one before a hyphen
/// (`com-secure`, read as `.com` followed by noise).
fn reads_as_tld(label: &str) -> bool {
    let known = |l: &str| {
        psl::suffix(l.as_bytes()).is_some_and(|s| s.is_known() && s.as_bytes() == l.as_bytes())
    };
    known(label) || label.split_once('-').is_some_and(|(head, _)| known(head))
}

/// Whether a registrable label read as `<cc>-<rest>` ([`reads_as_tld`]) under a country's own ending
/// (`th-<town>.de`, a technical university's initials) is more likely initials than a country's
/// ending: its registrable domain is under a two-letter ending and the rest holds no lure word. The
/// trick (`<name>.at-login.net`) buys a generic ending, or says what it wants.
fn initials_under_country(label: &str, reg: &str) -> bool {
    let country_ending = reg.rsplit('.').next().is_some_and(|t| t.len() == 2);
    country_ending
        && label.split_once('-').is_some_and(|(head, rest)| {
            head.len() == 2 && !rest.split('-').any(super::top_sites::is_lure)
        })
}

/// Labels that name a country's government domain (`gov.br`, `gouv.fr`, `gob.mx`, `go.jp`, `govt.nz`).
const GOVERNMENT_LABELS: &[&str] = &["gov", "gouv", "gob", "go", "govt", "gv", "gub"];

/// A country's government domain written inside a host that is not under it (`own`: the host's labels
/// less its public suffix): a government label followed by a label that reads as a top-level domain
/// (`gov.br.consulta.com`, `gouv.fr-amendes.com`), or, beside a lure word or on a hosting service, the two
/// glued by a hyphen in one label (`gov-br-login.com`), or a government word ([`government_word`]) as a
/// part (`antai-gouv-amende.com`, `mygov-services.com`). `hosted`: a hosting service's page or a cheap
/// top-level domain, bait enough without a lure word. A real government host has them in its suffix.
fn government_inside(own: &[&str], hosted: bool) -> Option<String> {
    let two_letter_tld = |l: &str| l.len() == 2 && reads_as_tld(l);
    for (i, l) in own.iter().enumerate() {
        let next = own.get(i + 1).copied();
        if GOVERNMENT_LABELS.contains(l) {
            if let Some(n) = next.filter(|n| reads_as_tld(n)) {
                let cc = n.split('-').next().unwrap_or(n);
                return Some(format!("{l}.{cc}"));
            }
        }
    }
    if let Some(g) = government_with_country(own) {
        return Some(g);
    }
    let lure = hosted
        || own
            .iter()
            .flat_map(|l| l.split('-'))
            .any(super::top_sites::is_lure);
    if !lure {
        return None;
    }
    for l in own {
        let parts: SmallVec<[&str; 8]> = l.split('-').collect();
        for w in parts.windows(2) {
            if let [g, cc] = w {
                if GOVERNMENT_LABELS.contains(g) && *g != "go" && two_letter_tld(cc) {
                    return Some(format!("{g}.{cc}"));
                }
            }
        }
    }
    // A government word as a part of its own, or with `my`/`e` glued in front (`antai-gouv-amende`,
    // `mygov-services`, `egov-portal`), beside the lure word: a government's sign-in or fine page on a
    // domain no government holds.
    for l in own {
        if let Some(g) = l.split('-').find(|p| government_word(p)) {
            return Some(g.to_string());
        }
    }
    None
}

/// A government word and a country code as parts of one label among other words (`tax-gov-nz`,
/// `permit-gouv-fr`): a country's government domain spelt out with hyphens, bait without a lure word.
fn government_with_country(own: &[&str]) -> Option<String> {
    own.iter().find_map(|l| {
        let parts: SmallVec<[&str; 8]> = l.split('-').collect();
        if parts.len() < 3 {
            return None;
        }
        parts
            .windows(2)
            .find_map(|w| match w {
                [g, cc] if government_word(g) && cc.len() == 2 && reads_as_tld(cc) => {
                    Some(format!("{g}.{cc}"))
                }
                _ => None,
            })
            .or_else(|| government_ending_flattened(&parts))
    })
}

/// A country's government ending flattened into the end of a label of three parts or more, its dot
/// written as a hyphen (`itax-kra-go-ke` for `itax.kra.go.ke`, `portal-gob-pe`): the last two parts are
/// a government label ([`GOVERNMENT_LABELS`], two-letter ones too) and a country code that together are
/// an ending the public suffix list's ICANN section holds (`go.ke`, `gob.pe`, `gov.br`). A real
/// government host has them as its suffix; spelt at the end of another domain's label, after the
/// agency's own words, they are no words of their own (`go` and a country code make no phrase there).
fn government_ending_flattened(parts: &[&str]) -> Option<String> {
    let [.., g, cc] = parts else {
        return None;
    };
    if !GOVERNMENT_LABELS.contains(g)
        || cc.len() != 2
        || !cc.bytes().all(|b| b.is_ascii_lowercase())
    {
        return None;
    }
    let ending = format!("{g}.{cc}");
    psl::suffix(ending.as_bytes())
        .is_some_and(|s| {
            s.is_known() && s.typ() == Some(psl::Type::Icann) && s.as_bytes() == ending.as_bytes()
        })
        .then_some(ending)
}

/// Whether a part of a host's label reads as "government": [`GOVERNMENT_LABELS`] but the two-letter
/// ones (`go`, `gv` are words and initials), alone or after `my` or `e` (`mygov`, `egov`, `mygouv`).
fn government_word(part: &str) -> bool {
    let word = |w: &str| GOVERNMENT_LABELS.contains(&w) && w.len() > 2;
    word(part)
        || ["my", "e"]
            .iter()
            .any(|p| part.strip_prefix(p).is_some_and(word))
}

/// Generic top-level domains that a host's author writes inside another domain to borrow its look
/// (`irs.gov.refund-status.org`): read as a domain wherever they stand.
const DOMAIN_LIKE_TLDS: &[&str] = &["com", "net", "org", "gov", "edu", "mil", "int"];

/// The first label of countries' second-level endings (`co.jp`, `com.br`, `gov.uk`, `ne.jp`): read with
/// the label after them as an ending written inside a host. Only these: the public suffix list's
/// wildcards (`*.np`) would make any two labels an ending.
const SECOND_LEVEL_WORDS: &[&str] = &[
    "co", "com", "net", "org", "gov", "gob", "gouv", "govt", "ac", "edu", "ne", "or", "go", "nom",
    "ltd", "plc",
];

/// Country top-level domains that are also words or common subdomain names (`my.`, `id.`, `eu.`,
/// `us.`): not read as a domain's ending inside a host.
const WORD_LIKE_COUNTRY_TLDS: &[&str] = &[
    "my", "me", "id", "to", "in", "it", "is", "be", "do", "go", "so", "no", "am", "at", "us", "eu",
    "as", "an", "or", "on", "ac", "ad", "hi",
];

/// (urls20) A listed domain `<name>.<cc>` written in front of another one with a word after its name
/// (`<post>-courier.<cc>.<other>.info` for `<post>.<cc>`) or without: a subdomain label whose first
/// part is the name, followed by a label that is the very country ending the name is listed under.
/// [`domain_inside`] reads any name before a country's ending only beside a lure word, as region labels
/// (`api.de.example.com`) are common; the listed name before its own ending is that domain's name and
/// nothing else, so no lure word is needed. Word-like country endings (`is`, `at`, `my`) are left alone
/// as there, and so is a registrable domain on the list (a brand's own hosts).
fn listed_before_its_ending(
    t: &super::top_sites::TopSites,
    own: &[&str],
    reg: &str,
) -> Option<String> {
    if own.len() < 3 || t.is_known(reg) {
        return None;
    }
    own.iter()
        .take(own.len() - 2)
        .zip(own.iter().skip(1))
        .find_map(|(label, next)| {
            let name = label.split('-').next()?;
            let country = next.len() == 2
                && next.bytes().all(|b| b.is_ascii_lowercase())
                && !WORD_LIKE_COUNTRY_TLDS.contains(next);
            if !country || name.len() < MIN_LISTED_BEFORE || name == "www" {
                return None;
            }
            let domain = format!("{name}.{next}");
            t.is_known(&domain).then_some(domain)
        })
}

/// Fewest letters of a name read before its own country ending by [`listed_before_its_ending`].
const MIN_LISTED_BEFORE: usize = 3;

/// A whole domain written in front of another one (`own`: the host's labels less its public suffix, the
/// registrable label last; `reg` the registrable domain): a name followed by a label that is a generic
/// top-level domain (`irs.gov.refund-status.org`), or a country's (`canada.ca.cra-refund.com`) beside a
/// lure word, on a hosting service or under a new generic top-level domain (region and word-like labels
/// such as `api.eu.example.com`, `acme.my.example.app` are left alone). Browsers never need such a name: a certificate for
/// `*.other.com` does not cover `a.com.other.com`.
fn domain_inside(own: &[&str], hosted: bool, reg: &str) -> Option<String> {
    let (names, _) = own.split_at(own.len().saturating_sub(1));
    let lure = || {
        hosted
            || own
                .iter()
                .flat_map(|l| l.split('-'))
                .any(super::top_sites::is_lure)
            || reg
                .split_once('.')
                .is_some_and(|(_, suffix)| super::top_sites::generic_tld(suffix))
    };
    for (i, l) in names.iter().enumerate() {
        let Some(next) = own.get(i + 1).copied() else {
            continue;
        };
        if l.len() < 2 || *l == "www" {
            continue;
        }
        let exact_suffix = psl::suffix(next.as_bytes())
            .is_some_and(|s| s.is_known() && s.as_bytes() == next.as_bytes());
        if !exact_suffix {
            continue;
        }
        let country = next.len() == 2 && !WORD_LIKE_COUNTRY_TLDS.contains(&next);
        let name = !super::top_sites::is_lure(l) && !GOVERNMENT_LABELS.contains(l);
        if DOMAIN_LIKE_TLDS.contains(&next) || (country && name && lure()) {
            return Some(format!("{l}.{next}"));
        }
        // A country ending that is also a word (`is`, `at`, `no`) reads as the domain's only right before
        // the registrable label, when that label is a strong lure word of its own (a sign-in or refund
        // step: `<bank>.is.<sign in>.com`); `what.is.new.com` names no step.
        if next.len() == 2
            && name
            && l.len() >= 4
            && i + 3 == own.len()
            && own
                .last()
                .is_some_and(|r| r.split('-').any(super::top_sites::strong_lure))
        {
            return Some(format!("{l}.{next}"));
        }
        // A country's second-level ending written whole (`shop-card.co.jp.example.cn`,
        // `bank.com.br.example.net`): two labels that only a registry's suffix has, no word by accident.
        if let Some(after) = own.get(i + 2).copied() {
            let two = format!("{next}.{after}");
            let second_level = SECOND_LEVEL_WORDS.contains(&next)
                && psl::suffix(two.as_bytes()).is_some_and(|s| {
                    s.is_known()
                        && s.typ() == Some(psl::Type::Icann)
                        && s.as_bytes() == two.as_bytes()
                });
            if second_level && name {
                return Some(format!("{l}.{two}"));
            }
        }
    }
    // A country's ending glued by a hyphen to the registrable label, right after a name's label
    // (`<shop>.pl-<payment>.shop`, `<post>.lt-<parcel>.info`): the host reads `<name>.<cc>` followed by
    // a word, the trick `paypal.com-<word>.info` plays with `.com`. Beside a lure word of the rest of that
    // label; a region's code a developer puts first (`us-`, `eu-`, word-like codes) is left alone.
    if let [.., name, registrable] = own {
        let mut parts = registrable.split('-');
        if let (Some(cc), true) = (parts.next(), registrable.contains('-')) {
            let rest_lure = parts.any(super::top_sites::is_lure);
            let country = cc.len() == 2
                && !WORD_LIKE_COUNTRY_TLDS.contains(&cc)
                && psl::suffix(cc.as_bytes())
                    .is_some_and(|s| s.is_known() && s.as_bytes() == cc.as_bytes());
            let named = name.len() >= 3
                && *name != "www"
                && !super::top_sites::is_lure(name)
                && !GOVERNMENT_LABELS.contains(name);
            if country && named && rest_lure {
                return Some(format!("{name}.{cc}"));
            }
        }
    }
    // The same written with a hyphen for the dot (`verizon-com-verify.billpay.info`), beside a lure word.
    for l in own {
        let parts: SmallVec<[&str; 8]> = l.split('-').collect();
        for w in parts.windows(2) {
            if let [name, tld] = w {
                if name.len() >= 2 && DOMAIN_LIKE_TLDS.contains(tld) && lure() {
                    return Some(format!("{name}.{tld}"));
                }
            }
        }
    }
    None
}

/// The name and the strong lure word of a label of a host no list knows ([`super::top_sites::unlisted_combo`]):
/// the registrable label (`ulabels`: the host's own labels, Unicode, registrable label last), and on a
/// hosting service every label (`<name>-verify.web.app`), each read folded
/// ([`super::translit::fold_word`]). Subdomains of someone's own domain are that owner's business.
fn unlisted_combo_in(ulabels: &[&str], hosted: bool) -> Option<(String, String)> {
    let last = ulabels.len().checked_sub(1)?;
    ulabels
        .iter()
        .enumerate()
        .filter(|&(i, _)| hosted || i == last)
        .find_map(|(_, l)| {
            let folded = super::translit::fold_word(l);
            super::top_sites::unlisted_combo(&folded).map(|(n, w)| (n.to_string(), w.to_string()))
        })
}

/// (urls13c) A brand's name in its own script beside a lure word ([`super::native_name::native_brand`])
/// in the registrable label (`ulabels`: the host's own labels, Unicode, registrable label last), and on a
/// hosting service in every label, as [`unlisted_combo_in`] reads them. The shipped list's own domains
/// never reach it (a listed site is itself).
fn native_brand_in(
    ulabels: &[&str],
    hosted: bool,
    cheap: bool,
) -> Option<(&'static str, &'static str, String)> {
    let last = ulabels.len().checked_sub(1)?;
    ulabels
        .iter()
        .enumerate()
        .filter(|&(i, _)| hosted || i == last)
        .find_map(|(_, l)| super::native_name::native_brand(l, cheap))
}

/// (urls13c) A bank's or card issuer's name in a script without spaces glued to a lure word
/// ([`super::native_name::script_bank_lure`]), read in the labels [`native_brand_in`] reads.
fn script_bank_in(ulabels: &[&str], hosted: bool) -> Option<(String, String)> {
    let last = ulabels.len().checked_sub(1)?;
    ulabels
        .iter()
        .enumerate()
        .filter(|&(i, _)| hosted || i == last)
        .find_map(|(_, l)| super::native_name::script_bank_lure(l))
}

/// On a hosting service, a label of the page in front of its registrable label that combines a
/// protected brand with other words (`<brand>-<word>.<account>.workers.dev`): the publisher chose both
/// labels (the service names `<worker>.<account>`), so the page's label is read as a registrable label
/// is, whose hyphenated combination with a protected brand counts ([`brand_checks`]). A word that says
/// the page is a project about the name (`clone`, `demo`, `bot`) leaves it alone. `own`: the host's
/// labels before the hosting service's suffix, registrable label last.
fn hosted_page_combo<'a>(policy: &'a UrlPolicy, own: &[&str]) -> Option<&'a str> {
    let (_, pages) = own.split_last()?;
    pages.iter().filter(|l| l.contains('-')).find_map(|l| {
        let parts: SmallVec<[&str; 8]> = l.split('-').filter(|p| !p.is_empty()).collect();
        if parts.len() < 2 || parts.iter().any(|p| super::top_sites::project_word(p)) {
            return None;
        }
        parts.iter().find_map(|p| {
            let f = fold(p);
            policy
                .brands
                .iter()
                .find(|b| f == b.folded)
                .map(|b| b.name.as_str())
        })
    })
}

/// A government word as a part of a label under another ending of a country whose government has an
/// ending of its own (`tax-govt.co.nz` beside `govt.nz`, `permit-gov.co.uk` beside `gov.uk`): the host
/// says it is the government of the country whose commercial ending it is under. Returns that ending.
fn government_beside_its_country(own: &[&str], suffix: &str) -> Option<String> {
    let cc = suffix.rsplit('.').next().filter(|cc| cc.len() == 2)?;
    let label = own.last()?;
    let parts: SmallVec<[&str; 8]> = label.split('-').collect();
    if parts.len() < 2 {
        return None;
    }
    parts.iter().find_map(|p| {
        if !GOVERNMENT_LABELS.contains(p) || *p == "go" || *p == "gv" {
            return None;
        }
        let ending = format!("{p}.{cc}");
        let listed = psl::suffix(ending.as_bytes()).is_some_and(|s| {
            s.is_known() && s.typ() == Some(psl::Type::Icann) && s.as_bytes() == ending.as_bytes()
        });
        (listed && ending != suffix).then_some(ending)
    })
}

/// (urls19) The government's domain whose name the registrable domain `reg` takes under a commercial
/// ending of the same country, or under the bare country code (`<name>.com.<cc>` or `<name>.<cc>` for a
/// listed `<name>.gob.<cc>`: the second-level swap). Nobody but the government registers under its own
/// zone, so the listed name there is a public body's (a tax portal's initials, a post's word), and the
/// same name under the country's open ending poses as it. From three letters: two are initials of
/// anything.
fn government_name_elsewhere(t: &super::top_sites::TopSites, reg: &str) -> Option<String> {
    let labels: SmallVec<[&str; 4]> = reg.split('.').collect();
    let (name, cc) = (labels.first()?, labels.last()?);
    let second = match labels.len() {
        2 => None,
        3 => labels.get(1).copied(),
        _ => return None,
    };
    if name.len() < 3 || cc.len() != 2 || second.is_some_and(|s| GOVERNMENT_LABELS.contains(&s)) {
        return None;
    }
    GOVERNMENT_LABELS
        .iter()
        .map(|g| format!("{name}.{g}.{cc}"))
        .find(|d| t.is_known(d))
}

/// (urls19) The listed domain, protected or not, that the registrable domain `reg` is with accents
/// put on its label's letters under the same ending (`<ó>` for `o`): the accented label shows as the
/// listed one to a reader, and the listed domain is the one whose owner it claims to be. The marks
/// are taken off (NFD, combining marks left out); only a label that is all ASCII letters then, and
/// only an exact listed domain, so an accented word of the language is judged by the IDN rules.
fn accented_known(t: &super::top_sites::TopSites, label: &str, reg: &str) -> Option<String> {
    use unicode_normalization::UnicodeNormalization;
    if label.is_ascii() {
        return None;
    }
    let bare: String = label
        .nfd()
        .filter(|&c| !unicode_normalization::char::is_combining_mark(c))
        .collect();
    if !bare.is_ascii() || bare == label {
        return None;
    }
    let (_, ending) = reg.split_once('.')?;
    let domain = format!("{}.{ending}", bare.to_lowercase());
    t.is_known(&domain).then_some(domain)
}

/// (urls21) Whether the registrable label `label` (as shown), its marks taken off, is a name of the
/// country whose code ends `reg` (`türkiye` under `com.tr`): the country's own name under its own
/// ending. Only letters: a label with a digit or a hyphen is not the name alone.
fn own_country_name(label: &str, reg: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    let Some(cc) = reg.rsplit('.').next().filter(|c| c.len() == 2) else {
        return false;
    };
    let bare: String = label
        .nfd()
        .filter(|&c| !unicode_normalization::char::is_combining_mark(c))
        .flat_map(char::to_lowercase)
        .collect();
    bare.bytes().all(|b| b.is_ascii_lowercase()) && super::top_sites::names_country(&bare, cc)
}

fn brand_checks(
    policy: &UrlPolicy,
    ascii: &str,
    ulabels: &[&str],
    page_of: Option<&'static str>,
    out: &mut Findings,
) {
    let Some(reg) = psl::domain_str(ascii) else {
        return;
    };
    // (`urls13`) Under a government's, military's or school's zone (`<state>.am.gov.br`, `x.ac.uk`)
    // nobody but the institution registers a name: what resembles a commercial name there (a state
    // named after a river) is the institution's own, never a look-alike (`zones.rs`).
    if super::zones::restricted(ascii) {
        return;
    }
    let reg_labels = super::split_byte(reg, b'.').count();
    let Some(sub_len) = ulabels.len().checked_sub(reg_labels) else {
        return;
    };
    let (sub, rest) = ulabels.split_at(sub_len);
    let Some(reg_label) = rest.first() else {
        return;
    };
    let top = policy.top_sites();
    // A site on the shipped list is itself, whatever it resembles (`applebees.com`, `live.com`).
    let known = top.is_some_and(|t| t.is_known(reg))
        // (urls21) A country's own name in its own language under its own ending, alone or after
        // `www` (`www.türkiye.com.tr`, `österreich.co.at`), is that country's, whatever listed site
        // also bears the name (`turkiye.gov.tr`): nobody imitates a country with its name under its
        // own code. Under another ending (`turkiye-gov.com`, `türkiye.com`), beside other words, with
        // any other subdomain or inside another domain it is read as usual.
        || (sub.iter().all(|l| *l == "www") && own_country_name(reg_label, reg));
    // A multinational's country site under a commercial label the public suffix list does not split
    // (`amazon.com.be`: `com.be` is a registered `.be` domain): the name is listed with three country
    // endings or more, and the host is the name, `com` and the country code, as its other country
    // sites are.
    if let (Some(t), Some(name)) = (top, sub.last()) {
        if t.country_site_of_multinational(name, reg) {
            return;
        }
    }

    // The registrable label: look-alike, or the brand combined with other words (`paypal-login`).
    let before = out.pushes;
    let reg_folded = fold(reg_label);
    if known {
        // Nothing to imitate: the site is itself.
    } else if let Some(b) = imitated_folded(policy, reg_label, &reg_folded)
        .filter(|b| !super::top_sites::plain_edit_unshaped(reg_label, b))
        // A common word one letter from the name as written, or its plural (`stripes`, a newspaper,
        // beside `stripe`): the word, not a typo (`data/ordinary_near.txt`, from a frequency list).
        .filter(|b| !(super::top_sites::ordinary_near(reg_label) && within_one_edit(reg_label, b)))
    {
        out.push(
            rules::HOST_BRAND,
            format!("the name `{reg_label}` imitates `{b}`"),
        );
    } else if let Some(b) = policy
        .brands
        .iter()
        .find(|b| super::top_sites::bit_squat_alone(reg_label, &b.name))
    {
        // (urls17) A protected brand of five letters or more with one bit of one letter flipped and
        // nothing beside it (`applg.com`): dnstwist's bitsquatting. Below `brand_min_len_for_edit` an
        // edit of a well-known site's name is a word of some language as often as a slip (`kodak`
        // beside `kotak`, `porta` beside `posta`), so it is read for the operator's own brands only,
        // which a gateway's users are sent to and phished with by name.
        out.push(
            rules::HOST_BRAND,
            format!(
                "the name `{reg_label}` is `{}` with one bit of one letter flipped",
                b.name
            ),
        );
    } else if reg_label.contains('-') {
        // A brand combined with other words: a token is the brand or imitates it, or (for long
        // brands, where a substring is not an accident) contains it (`microsoftonline-login`).
        let brand = reg_label.split('-').find_map(|tok| {
            let t = fold(tok);
            policy
                .brands
                .iter()
                .find(|b| {
                    t == b.folded
                        || (b.name.len() >= policy.brand_min_len_for_edit && t.contains(&b.folded))
                })
                .map(|b| b.name.as_str())
                .or_else(|| imitated(policy, tok))
        });
        if let Some(b) = brand {
            out.push(
                rules::HOST_BRAND,
                format!("the name `{reg_label}` combines `{b}` with other words but is not {b}"),
            );
        }
    }
    if let (Some(t), false, true) = (top, known, out.pushes == before) {
        let reg_ascii = reg.split('.').next().unwrap_or("");
        // A listed name under a country's ending (`mercadolibre.com.ar`) is that name's country site, not
        // a look-alike of a neighbouring name (`mercadolivre`). Under a generic ending (`revolt.com`) it is
        // still read as one: the listed site is elsewhere.
        let country_ending = reg.rsplit('.').next().is_some_and(|tld| tld.len() == 2);
        let listed_name = country_ending && t.exact(reg_ascii).is_some();
        if let Some(b) = (!listed_name)
            .then(|| t.imitated_folded(reg_label, &reg_folded, policy.brand_min_len_for_edit))
            .flatten()
            // A letter appended to a coined name is a slip, not another word (`coined_edit`).
            .filter(|b| {
                !super::top_sites::plain_edit_unshaped(reg_label, &b.label)
                    || super::coined_edit::appended_to_coined(
                        reg_label,
                        &b.label,
                        policy.brand_min_len_for_edit,
                    )
            })
            // A four-letter name with one look-alike letter (`wlse`): `short_confusable`.
            .or_else(|| {
                (!listed_name)
                    .then(|| super::short_confusable::swapped(t, reg_label))
                    .flatten()
            })
        {
            out.push(
                rules::HOST_BRAND,
                format!("the name `{reg_label}` imitates `{}`", b.domain),
            );
        } else if let Some(b) = t
            .with_affixes(reg_label, policy.brand_min_len_for_edit)
            .filter(|b| {
                let suffix = reg.get(reg_ascii.len() + 1..).unwrap_or("");
                !super::top_sites::bank_named_after(reg_ascii, &b.label, suffix)
            })
        {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the name `{reg_label}` combines `{}` with other words but is not {}",
                    b.label, b.domain
                ),
            );
        } else if let Some((name, product)) =
            super::product_name::claimed(reg_ascii).filter(|(name, _)| t.exact(name).is_some())
        {
            // (urls21) A brand's own product beside more words (`product_name`).
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the name `{reg_label}` claims `{name}`'s product `{product}` but is not {name}'s"
                ),
            );
        } else if let Some((name, shown, twin)) =
            super::twin_word::swapped(reg_ascii, |n| t.exact(n).is_some_and(|b| b.label == n))
        {
            // (urls21) A listed name with a word in another language's spelling (`twin_word`).
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the name `{reg_label}` is `{name}` with `{twin}` written as `{shown}`, but it is not {name}'s"
                ),
            );
        } else if let Some(b) = t.tld_swap(reg_ascii, reg) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the domain `{reg}` is `{}` under another ending, one its owner does not use",
                    b.domain
                ),
            );
        } else if let Some(d) = reg
            .get(reg_ascii.len() + 1..)
            .and_then(|suffix| t.digit_swapped(reg_ascii, suffix))
        {
            out.push(
                rules::HOST_BRAND,
                format!("the domain `{reg}` writes `{d}` with a digit for a letter or a letter for a digit"),
            );
        } else if let Some(d) = reg
            .get(reg_ascii.len() + 1..)
            .and_then(|suffix| t.dot_as_hyphen(reg_ascii, suffix))
        {
            out.push(
                rules::HOST_BRAND,
                format!("the domain `{reg}` is `{d}` with a dot turned into a hyphen, but it is not {d}"),
            );
        } else if let Some((_, d)) = super::missing_dot::glued_domain(t, reg_ascii) {
            out.push(
                rules::HOST_BRAND,
                format!("the domain `{reg}` is `{d}` typed without its dot, but it is not {d}"),
            );
        } else if super::top_sites::number_with_a_letter(reg_ascii) {
            out.push(
                rules::HOST_BRAND,
                format!("the name `{reg_ascii}` is a number with a letter that looks like a digit in it"),
            );
        } else if let Some((shown, word)) = super::top_sites::category_misspelt(reg_ascii) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the name `{reg_ascii}` writes `{word}` as `{shown}`, with a look-alike letter"
                ),
            );
        } else if let Some(stem) = super::top_sites::coined_finance_rn(reg_ascii) {
            out.push(
                rules::HOST_BRAND,
                format!("the finance name `{reg_ascii}` shows `rn` in `{stem}`, the pair that reads as `m`"),
            );
        }
    }

    // A protected name beside lure words, or imitated on a hosting service's domain; a government's
    // domain placed inside another one.
    // A site builder's subdomain (`weebly.com`, tag `hosting` on the list) is a page anyone publishes,
    // judged as one on a hosting service's public suffix, though the builder's own domain is known.
    // A cloud-storage endpoint's subdomain (`<account>.blob.core.windows.net`) is a stranger's bucket,
    // under a provider's known domain the public suffix list does not split.
    // A public tunnel's name (`<name>.loca.lt`, `<id>.<region>.devtunnels.ms`; the list the callback
    // checks keep) is a page anyone opens in seconds, as a bucket is: the public suffix list names only
    // some tunnel services, so the others are read the same way here.
    let storage = top
        .is_some()
        .then(|| super::path_bait::storage_suffix(ascii).or_else(|| super::callback::tunnel(ascii)))
        .flatten()
        .or(page_of)
        .filter(|s| ascii.len() > s.len());
    let builder_page = sub_len > 0 && (storage.is_some() || top.is_some_and(|t| t.is_hosting(reg)));
    if (!known || builder_page) && out.pushes == before {
        let suffix = psl::suffix(ascii.as_bytes()).filter(|s| s.is_known());
        let suffix_str = suffix.and_then(|s| std::str::from_utf8(s.as_bytes()).ok());
        // A zone sold as a country's ending (`de.com`) is a registry, not a hosting service: read as a
        // cheap top-level domain instead.
        // (urls21) So is a country's code registered under a generic ending and sold on by label
        // (`<name>.kz.com`, `<name>.us.org`), listed or not: the name in front is the buyer's.
        let cc_zone = sub_len > 0
            && !known
            && storage.is_none()
            && super::top_sites::country_code_under_generic(reg);
        let pseudo_country =
            cc_zone || suffix_str.is_some_and(super::top_sites::pseudo_country_zone);
        let hosted = if let Some(s) = storage {
            Some(s)
        } else if builder_page {
            Some(reg)
        } else {
            suffix
                .filter(|s| s.typ() == Some(psl::Type::Private) && !pseudo_country)
                .and_then(|s| std::str::from_utf8(s.as_bytes()).ok())
        };
        let cheap = suffix_str.is_some_and(super::top_sites::cheap_tld) || pseudo_country;
        let suffix_labels = if let Some(s) = storage {
            super::split_byte(s, b'.').count()
        } else if builder_page || cc_zone {
            reg_labels
        } else {
            suffix.map_or(1, |s| {
                s.as_bytes().iter().filter(|&&b| b == b'.').count() + 1
            })
        };
        let ascii_labels: SmallVec<[&str; 8]> = super::split_byte(ascii, b'.').collect();
        let own = ascii_labels
            .get(..ascii_labels.len().saturating_sub(suffix_labels))
            .unwrap_or_default();
        let lure = top.and_then(|t| {
            t.lure_brand(own, hosted, cheap, policy.brand_min_len_for_edit)
                .or_else(|| {
                    // A Cyrillic host writes the service's name and the lure word in Cyrillic
                    // (`госуслуги-вход.рф`): read again in Latin letters.
                    if !own.iter().any(|l| l.starts_with("xn--")) {
                        return None;
                    }
                    let latin: SmallVec<[String; 8]> = ulabels
                        .iter()
                        .take(own.len())
                        .map(|l| {
                            if l.is_ascii() {
                                l.to_string()
                            } else {
                                // Latin letters with marks lose them (`inpost-dopłata`), Cyrillic
                                // ones are transliterated.
                                super::translit::fold_word(l).into_owned()
                            }
                        })
                        .collect();
                    let latin: SmallVec<[&str; 8]> = latin.iter().map(String::as_str).collect();
                    // Only a name written out in Cyrillic, beside a lure word: a transliteration is
                    // one spelling of many, so a near spelling is no look-alike (`poshta`, `pochta`).
                    t.lure_brand(&latin, hosted, cheap, policy.brand_min_len_for_edit)
                        .filter(|b| {
                            latin.iter().any(|l| {
                                let parts: SmallVec<[&str; 8]> = l.split('-').collect();
                                (1..=3).any(|n| parts.windows(n).any(|w| w.concat() == b.label))
                            })
                        })
                })
        });
        if let Some(b) = lure {
            let why = if hosted.is_some() {
                "a page anyone can publish on a hosting service"
            } else {
                "beside words that ask you to sign in, confirm or pay"
            };
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` names `{}` {why}, but it is not {}",
                    b.label, b.domain
                ),
            );
        } else if let Some(b) = top.and_then(|t| {
            // A three-letter name's look-alike letter beside a lure word, under the name's own country
            // ending (`lng-login.nl` for `ing.nl`).
            let label = own.last().copied().filter(|_| hosted.is_none())?;
            t.short_in_its_country(label, suffix_str?)
        }) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` shows `{}` with a look-alike letter beside words that ask you to sign in, but it is not {}",
                    b.label, b.domain
                ),
            );
        } else if let Some(b) = top.and_then(|t| {
            let label = own
                .last()
                .copied()
                .filter(|_| hosted.is_none() && own.len() == 1)?;
            t.finance_combo(label, suffix_str?)
        }) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` puts the bank or wallet `{}` beside another word on a domain of its own, but it is not {}",
                    b.label, b.domain
                ),
            );
        } else if let Some(bank) = own
            .last()
            .filter(|_| hosted.is_none())
            .and_then(|l| super::top_sites::bank_sign_in(l))
        {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` reads as a bank's sign-in page (`{bank}`), but no bank is listed with `{reg}`"
                ),
            );
        } else if let Some((name, cc)) = top.and_then(|_| {
            let generic = suffix_str.is_some_and(|s| !s.contains('.') && s.len() > 2);
            super::top_sites::country_branch(own, hosted.is_some(), generic)
        }) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` poses `{name}` as its branch for the country `{cc}` on a domain no branch would use (a hosting service's page or a lure word's domain)"
                ),
            );
        } else if let Some(gov) = government_inside(own, hosted.is_some() || cheap) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` names the government domain `{gov}`, but the real domain is `{reg}`"
                ),
            );
        } else if let Some(inner) = domain_inside(own, hosted.is_some(), reg) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host starts with `{inner}`, which reads as a domain of its own, but the real domain is `{reg}`"
                ),
            );
        } else if let Some((name, lure)) = top.and(unlisted_combo_in(
            ulabels.get(..own.len()).unwrap_or_default(),
            hosted.is_some(),
        )) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` puts `{name}` beside `{lure}`, a phishing lure's word (sign in, confirm, refund, parcel), on a domain no list vouches for"
                ),
            );
        } else if let Some((name, latin, lure)) = top.and(native_brand_in(
            ulabels.get(..own.len()).unwrap_or_default(),
            hosted.is_some(),
            cheap,
        )) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` writes `{latin}` in its own script (`{name}`) beside `{lure}`, but it is not that brand's domain"
                ),
            );
        } else if let Some((name, lure)) = top.and(script_bank_in(
            ulabels.get(..own.len()).unwrap_or_default(),
            hosted.is_some(),
        )) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` names a bank or card issuer (`{name}`) glued to `{lure}`, a phishing lure's word, on a domain no list vouches for"
                ),
            );
        } else if let Some(b) = hosted.and_then(|_| hosted_page_combo(policy, own)) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` combines `{b}` with other words on a page anyone can publish on a hosting service, but it is not {b}"
                ),
            );
        } else if let Some((b, place)) = top.filter(|_| page_of.is_none()).and_then(|t| {
            // A coined listed name as a word of its own beside any other word (`name_token.rs`): no
            // lure word needed, as phishers write words no list holds.
            let cc = suffix_str
                .and_then(|s| s.rsplit('.').next())
                .filter(|c| c.len() == 2)
                .unwrap_or("");
            super::name_token::name_as_token(
                t,
                ulabels.get(..own.len()).unwrap_or_default(),
                hosted.is_some(),
                cc,
            )
        }) {
            let at = match place {
                super::name_token::Place::Hosted => {
                    "a page anyone can publish on a hosting service"
                }
                super::name_token::Place::Subdomain => {
                    "a subdomain of a domain its owner does not hold"
                }
                super::name_token::Place::Registrable => "a domain its owner does not hold",
            };
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` names `{}` as a word of its own on {at}, but it is not {}",
                    b.label, b.domain
                ),
            );
        } else if let Some(gov) = suffix_str.and_then(|s| government_beside_its_country(own, s)) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` calls itself `{gov}` under another of that country's endings; the government's own ending is `{gov}`"
                ),
            );
        } else if let Some(domain) = top.and_then(|t| {
            let label = own.last().filter(|_| hosted.is_none() && own.len() == 1)?;
            t.domain_hyphenated(label)
        }) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` spells `{domain}` with its dots typed as hyphens, but it is not {domain}"
                ),
            );
        } else if let Some(domain) = top.and_then(|t| {
            // The registrable label, whatever subdomains stand before it (`www.`).
            let label = own.last().filter(|_| hosted.is_none())?;
            t.domain_with_country(label)
        }) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` names `{domain}` by its name and its country's, but it is not {domain}"
                ),
            );
        } else if let Some(domain) = top.and_then(|t| listed_before_its_ending(t, own, reg)) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host starts with `{domain}`'s name and its country's ending, which read as that domain, but the real domain is `{reg}`"
                ),
            );
        } else if let Some(domain) = top.and_then(|t| government_name_elsewhere(t, reg)) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` takes the name of `{domain}`, a government's domain, under a commercial ending of its country, but it is not {domain}"
                ),
            );
        } else if let Some(domain) = top.and_then(|t| accented_known(t, reg_label, reg)) {
            out.push(
                rules::HOST_BRAND,
                format!(
                    "the host `{ascii}` writes `{domain}` with accented letters, but it is not {domain}"
                ),
            );
        }
    }

    // Subdomains: look-alikes, and a brand's domain placed in front of another domain
    // (`github.com.evil.net`, `paypal.com-secure.net`). Under a brand's own domain
    // (`appleid.apple.com`) the names are the brand's business.
    if known || policy.brands.iter().any(|b| *reg_label == b.name) {
        return;
    }
    for (i, l) in sub.iter().enumerate() {
        let next = ulabels.get(i + 1).copied().unwrap_or("");
        let tld_next = reads_as_tld(next) && !initials_under_country(next, reg);
        if let Some(b) = imitated(policy, l) {
            out.push(rules::HOST_BRAND, format!("the name `{l}` imitates `{b}`"));
        } else if let Some(b) = top.and_then(|t| {
            t.same_skeleton(l)
                // A typo of a coined name (`sub_typo.rs`).
                .or_else(|| super::sub_typo::typo_of_name(t, l, policy.brand_min_len_for_edit))
        }) {
            out.push(
                rules::HOST_BRAND,
                format!("the name `{l}` imitates `{}`", b.domain),
            );
        }
        if tld_next {
            let f = fold(l);
            let embedded = policy
                .brands
                .iter()
                .find(|b| f.contains(&b.folded))
                .map(|b| b.name.as_str())
                .or_else(|| {
                    top.and_then(|t| {
                        t.exact(l)
                            // (`urls13`) A one-letter name only as the whole listed domain written
                            // across the dot (`x.com-<words>` for `x.com`): one letter beside any
                            // other ending is an ordinary label (`a.co-op.example`).
                            .filter(|b| {
                                let end = next.split('-').next().unwrap_or("");
                                let own_ending = t.is_known(&format!("{l}.{end}"));
                                // (urls19) A long-tail name (a product, often self-hosted) before
                                // a word of the 2012 round's endings that is not the name's own
                                // (`jenkins.build.<company>.com`, `grafana.cloud.<company>.com`) is
                                // a company naming a host after the tool it runs, not a domain
                                // written in front of another: those words are also what hosts are
                                // named by. The name's own ending (`<tail>.io.<other>.com`), a
                                // legacy or a country's ending still read as a domain.
                                let tool_host = b.tail
                                    && end.len() > 2
                                    && super::top_sites::generic_tld(end)
                                    && !own_ending;
                                (b.label.len() >= 2 || own_ending) && !tool_host
                            })
                            // (urls17) The name as the last part of a hyphenated label right before
                            // the registrable one (`<word>-<name>.ca-<word>.com`): the host reads
                            // `<name>.ca` as much as the whole label would; from three letters, and
                            // not a lure word (`secure-login.at-<word>.com` names nobody).
                            .or_else(|| {
                                let part = l
                                    .rsplit_once('-')
                                    .map(|(_, p)| p)
                                    .filter(|_| i + 1 == sub.len())?;
                                t.exact(part).filter(|b| {
                                    !b.tail
                                        && part.len() >= super::top_sites::MIN_CHEAP
                                        && !super::top_sites::is_lure(part)
                                })
                            })
                            // (urls18) The name as the first part of that label and nothing but lure
                            // words after it (`<name>-<invoice>.at-<word>.com`): the host reads
                            // `<name>-<invoice>.at`, the name's bill on its country's ending; from two
                            // letters, as the lure words and the country's ending after them name it.
                            .or_else(|| {
                                let (part, rest) =
                                    l.split_once('-').filter(|_| i + 1 == sub.len())?;
                                let only_lures = rest.split('-').all(|w| {
                                    super::top_sites::is_lure(w)
                                        && !super::top_sites::country_word(w)
                                });
                                t.exact(part).filter(|b| {
                                    only_lures
                                        && !b.tail
                                        && part.len() >= 2
                                        && !super::top_sites::is_lure(part)
                                })
                            })
                            .or_else(|| t.imitated(l, policy.brand_min_len_for_edit))
                    })
                    .map(|b| b.label.as_str())
                });
            if let Some(b) = embedded {
                out.push(
                    rules::HOST_BRAND,
                    format!(
                        "the host starts with `{l}.{next}`, which looks like {b} but the real domain is `{reg}`"
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_merges_homoglyphs_and_digits() {
        assert_eq!(fold("app1e"), fold("apple"));
        assert_eq!(fold("g00gle"), fold("google"));
        assert_eq!(fold("rnicrosoft"), fold("microsoft"));
        assert_eq!(fold("аррӏе"), fold("apple"));
        assert_ne!(fold("gitlab"), fold("github"));
    }

    #[test]
    fn edit_distance_counts_transpositions_once() {
        assert_eq!(edit_distance("github", "gihtub"), 1);
        assert_eq!(edit_distance("github", "githubb"), 1);
        assert_eq!(edit_distance("github", "gitlab"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    proptest::proptest! {
        #[test]
        fn ascii_labels_fold_by_table_as_by_skeleton(label in "[ -~]{0,24}") {
            proptest::prop_assert_eq!(fold(&label), fold_general(&label));
        }

        #[test]
        fn the_ascii_shortcut_agrees_with_idna(host in "[a-z0-9-]{1,12}(\\.[a-z0-9-]{1,12}){0,3}") {
            let (fast, fast_ok) = to_unicode(&host);
            let (slow, slow_ok) = idna::domain_to_unicode(&host);
            proptest::prop_assert_eq!(fast, slow);
            proptest::prop_assert_eq!(fast_ok.is_ok(), slow_ok.is_ok());
        }

        #[test]
        fn one_edit_agrees_with_the_distance_on_any_short_text(a in "[abc]{0,6}", b in "[abc]{0,6}") {
            proptest::prop_assert_eq!(within_one_edit(&a, &b), edit_distance(&a, &b) <= 1, "{:?} {:?}", a, b);
        }

        #[test]
        fn the_brand_index_finds_what_the_linear_scan_finds(
            // Short alphabets so that look-alikes, repeats, one-edit neighbours and duplicates are common.
            brands in proptest::collection::vec("[gitl1hub0o-]{1,8}|github|gitlab|google|paypal", 0..12),
            min_len in 1usize..8,
            labels in proptest::collection::vec(
                "[gitl1hub0o-]{0,9}|[gitlhubo\\x{430}\\x{43e}\\x{456}\\x{131}]{0,9}|githuub|g00gle|paypa1|\\x{440}\\x{430}ypal|[a-z]{60,70}",
                1..8,
            ),
        ) {
            let yaml = format!(
                "protected_brands: [{}]\nbrand_min_len_for_edit: {min_len}\n",
                brands.iter().map(|b| format!("\"{b}\"")).collect::<Vec<_>>().join(", ")
            );
            let Ok(cfg) = super::super::UrlConfig::from_yaml(&yaml) else {
                return Ok(());
            };
            let Ok(policy) = UrlPolicy::compile(&cfg) else {
                return Ok(());
            };
            for label in &labels {
                proptest::prop_assert_eq!(
                    imitated(&policy, label),
                    imitated_linear(&policy, label),
                    "{:?}", label
                );
            }
        }
    }

    #[test]
    fn one_edit_agrees_with_the_distance() {
        let words = [
            "", "a", "ab", "ba", "abc", "acb", "bac", "abcd", "abdc", "github", "gihtub",
            "githubb", "gthub", "gitlab", "githbu", "igthub", "paypal", "paypa1", "pаypal",
        ];
        for a in words {
            for b in words {
                assert_eq!(within_one_edit(a, b), edit_distance(a, b) <= 1, "{a} {b}");
            }
        }
    }

    /// A government word inside a host no government holds, beside bait; a second-level ending written
    /// inside a host.
    #[test]
    fn government_words_and_inner_endings() {
        for own in [
            &["permis-gouv-paiement"][..],
            &["mygov-refund"],
            &["egov-portal", "example"],
            &["tax-gob", "verify"],
        ] {
            assert!(government_inside(own, false).is_some(), "{own:?}");
        }
        // Without bait, a government word is a project's name; `go` and `gv` are words and initials;
        // a longer word that starts with one is another word.
        for own in [
            &["gov-jobs-board"][..],
            &["lets-go-login"],
            &["governor-login"],
            &["gobble-secure"],
        ] {
            assert_eq!(government_inside(own, false), None, "{own:?}");
        }
        assert!(government_inside(&["gouv-amende"], true).is_some());
        // A government word and a country code spelt out among other words need no lure word.
        assert_eq!(
            government_inside(&["permit-gov-nz"], false).as_deref(),
            Some("gov.nz")
        );
        assert_eq!(government_inside(&["gov-nz"], false), None);
        // A government ending flattened into the end of a label, `go` too, when the public suffix
        // list holds it; not mid-label, and not a pair no registry has.
        assert_eq!(
            government_inside(&["itax-revenue-go-ke"], false).as_deref(),
            Some("go.ke")
        );
        assert_eq!(
            government_inside(&["tramite-sat-gob-mx"], false).as_deref(),
            Some("gob.mx")
        );
        assert_eq!(government_inside(&["lets-go-ke-tours"], false), None);
        assert_eq!(government_inside(&["ready-set-go-qq"], false), None);
        assert_eq!(government_inside(&["permit-gov-qq"], false), None);
        assert_eq!(
            domain_inside(&["acme-card", "co", "jp", "example"], false, "example.cn").as_deref(),
            Some("acme-card.co.jp")
        );
        assert_eq!(
            domain_inside(&["shop", "com", "br", "example"], false, "example.net").as_deref(),
            Some("shop.com")
        );
        assert_eq!(
            domain_inside(&["api", "eu", "np", "example"], false, "example.com"),
            None
        );
        // A country ending glued by a hyphen to the registrable label after a name, beside a lure
        // word of any pack language (parcel, payment); not a region code, not without a lure word.
        assert_eq!(
            domain_inside(&["www", "kurjer", "ee-pakke"], false, "ee-pakke.info").as_deref(),
            Some("kurjer.ee")
        );
        assert_eq!(
            domain_inside(&["tienda", "cz-platba"], false, "cz-platba.shop").as_deref(),
            Some("tienda.cz")
        );
        assert_eq!(
            domain_inside(&["api", "de-frankfurt"], false, "de-frankfurt.com"),
            None
        );
        assert_eq!(
            domain_inside(&["shop", "us-login"], false, "us-login.com"),
            None
        );
        // A word-like country ending right before a strong lure word's registrable label.
        assert_eq!(
            domain_inside(
                &["www", "bankinn", "is", "innskraning"],
                false,
                "innskraning.com"
            )
            .as_deref(),
            Some("bankinn.is")
        );
        assert_eq!(
            domain_inside(&["what", "is", "newsletter"], false, "newsletter.com"),
            None
        );
    }

    /// A government word under another of its country's endings; a ligature of a non-Latin script.
    #[test]
    fn government_words_beside_their_country_and_same_script_mappings() {
        assert_eq!(
            government_beside_its_country(&["licence-govt"], "co.nz").as_deref(),
            Some("govt.nz")
        );
        assert_eq!(
            government_beside_its_country(&["permit-gov"], "org.uk").as_deref(),
            Some("gov.uk")
        );
        // No government ending in that country, a generic ending, or the government's own ending.
        assert_eq!(
            government_beside_its_country(&["licence-govt"], "com"),
            None
        );
        assert_eq!(government_beside_its_country(&["lets-go"], "co.jp"), None);
        assert_eq!(government_beside_its_country(&["govt"], "co.nz"), None);
        assert!(same_script_mapping("երևան.հայ", "երեւան.հայ"));
        assert!(!same_script_mapping("ｇoogle.com", "google.com"));
        assert!(!same_script_mapping("ﬁnance.com", "finance.com"));
        assert!(!same_script_mapping("երևան.հայ", "երեւանք.հայ"));
    }

    #[test]
    fn runs_and_tlds() {
        assert_eq!(collapse_runs("githuuub"), "github");
        assert_eq!(collapse_runs("google"), "gogle");
        assert!(reads_as_tld("com"));
        assert!(reads_as_tld("com-secure"));
        assert!(!reads_as_tld("acmecorp"));
        assert!(!reads_as_tld("comx-secure"));
    }

    #[test]
    fn ranges() {
        assert!(v4_internal(Ipv4Addr::new(169, 254, 169, 254)).is_some());
        assert!(v4_internal(Ipv4Addr::new(100, 100, 100, 200)).is_some());
        assert!(v4_internal(Ipv4Addr::new(100, 128, 0, 1)).is_none());
        assert!(v4_internal(Ipv4Addr::new(8, 8, 8, 8)).is_none());
        let md: Ipv6Addr = "fd00:ec2::254".parse().unwrap();
        assert!(v6_internal(md).is_some());
        let nat64: Ipv6Addr = "64:ff9b::a9fe:a9fe".parse().unwrap();
        assert!(v6_internal(nat64).is_some());
        let public: Ipv6Addr = "2606:4700:4700::1111".parse().unwrap();
        assert!(v6_internal(public).is_none());
    }
}
