//! The sites worth imitating, shipped with the gateway: `data/top_domains.txt`, written by
//! `tools/corpus/top_domains.py` from the npm package `top-sites` (the Moz Top 500, MIT licence) and a
//! hand-kept list of banks, payment, crypto and identity providers (`tools/corpus/protected_extra.txt`).
//!
//! Each host on the list is reduced to its registrable domain with the public suffix list the gateway
//! judges with, and each registrable label (`paypal` of `paypal.com`) is a protected name. A host is
//! `url.host.brand` when its registrable label
//! - has the same UTS #39 skeleton as a protected name, diacritics removed (`paypa1`, `аррӏе`, `googlé`,
//!   `rnicrosoft`), or the same once repeated letters are collapsed (`gooogle`), for names of
//!   [`MIN_SKELETON`] letters or more;
//! - is one edit away (typo, transposition, omission, insertion) from a name at least as long as the
//!   policy's `brand_min_len_for_edit`;
//! - is a protected name (or one of the above) with words a phisher adds ([`AFFIX_WORDS`]: `login`,
//!   `secure`, `my`, ...) before or after it, glued or hyphenated (`paypal-login`, `mypaypal`,
//!   `arnazonlogin`), for names of [`MIN_AFFIX`] letters or more;
//! - is a protected name of [`MIN_TLD_SWAP`] letters or more under a generic top-level domain its owner
//!   is not listed with (`paypal.top`; country domains and the legacy ones are left alone, as brands
//!   own many of them);
//!
//! unless the registrable domain is itself on the list. A subdomain label that has a protected name's
//! skeleton, or that is a protected name (or imitates one) followed by a label that reads as a top-level
//! domain (`accounts.google.com.evil.io`), is `url.host.brand` too.
//!
//! The list also says which sites are well known, for `url.query.open_redirect`; link shorteners on it
//! (tag `redirector`) are protected from imitation but never a trusted destination.
//!
//! Built once per process (a few hundred entries, well under a millisecond); the policy setting
//! `top_sites: false` leaves it out.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use smallvec::SmallVec;

use super::host::{collapse_runs, fold, within_one_edit};

/// The list as shipped.
const TOP_DOMAINS: &str = include_str!("data/top_domains.txt");

/// Shortest protected name (folded, in characters) matched by skeleton: two- and three-letter names
/// (`vk`, `ok`, `bbc`) have the skeleton of too many ordinary labels.
pub(super) const MIN_SKELETON: usize = 4;
/// Shortest protected name matched with words added around it.
pub(super) const MIN_AFFIX: usize = 4;
/// Shortest protected name matched under another top-level domain: shorter names are words and
/// initials that many unrelated sites use.
pub(super) const MIN_TLD_SWAP: usize = 5;
/// Shortest name below the policy's edit length matched with one letter put inside it.
pub(super) const MIN_SHORT_INSERTION: usize = 5;
/// Shortest protected name (folded) matched through a look-alike swap of [`VISUAL_SWAPS`]: one such swap
/// turns many four-letter words into one another (`bell` and `dell`, `mail` and `nail`).
pub(super) const MIN_VISUAL: usize = 5;
/// Longest label tried with [`VISUAL_SWAPS`] (every swap at every place is a lookup): longer labels are
/// no protected name's look-alike by one swap, as no protected name is that long.
const MAX_VISUAL_LABEL: usize = 32;

/// ASCII look-alikes, as (what a label shows, the letter it stands for), that the UTS #39 skeleton does not
/// already equate (it reads `0` as `o`, `1` and `I` as `l`, `rn` as `m`, `vv` as `w`, `cl` as `d`): the
/// ASCII entries of dnstwist's homoglyph table, the reference for such permutations.
const VISUAL_SWAPS: &[(&str, &str)] = &[
    ("q", "g"),
    ("g", "q"),
    ("n", "m"),
    ("nn", "m"),
    ("rr", "m"),
    ("m", "n"),
    ("r", "n"),
    ("d", "b"),
    ("lb", "b"),
    ("ib", "b"),
    ("b", "d"),
    ("dl", "d"),
    ("di", "d"),
    ("lh", "h"),
    ("ih", "h"),
    ("1", "i"),
    ("l", "i"),
    ("i", "l"),
    ("lk", "k"),
    ("ik", "k"),
    ("lc", "k"),
    ("v", "u"),
];

/// Country top-level domains that registries give away or sell for next to nothing and that phishing
/// reports rank among the most abused (the former Freenom five, `tk ml ga cf gq`, and `cc pw ws su cm`):
/// a brand's name under one of them is treated as under a new generic one. Other country domains are
/// left alone: brands hold their names under them (`amazon.de`).
const ABUSED_COUNTRY_TLDS: &[&str] = &["tk", "ml", "ga", "cf", "gq", "cc", "pw", "ws", "su", "cm"];

/// Most affix words taken off one label.
const MAX_AFFIXES: usize = 3;

/// Words phishing hosts put around a brand's name (dnstwist-style dictionaries and Chromium's
/// combo-squatting keywords are of this kind). Longest first, so that `signin` is taken before `sign`.
pub(super) const AFFIX_WORDS: &[&str] = &[
    "verification",
    "authenticate",
    "confirmation",
    "dashboard",
    "helpdesk",
    "recovery",
    "security",
    "customer",
    "accounts",
    "unlock",
    "payment",
    "billing",
    "account",
    "service",
    "support",
    "official",
    "connect",
    "session",
    "members",
    "banking",
    "wallet",
    "secure",
    "verify",
    "update",
    "online",
    "signin",
    "signon",
    "portal",
    "center",
    "centre",
    "access",
    "notice",
    "alert",
    "login",
    "logon",
    "check",
    "claim",
    "reset",
    "admin",
    "auth",
    "help",
    "mail",
    "team",
    "safe",
    "user",
    "info",
    "bank",
    "app",
    "pay",
    "web",
    "www",
    "sso",
    "my",
    "id",
];

/// A protected name and a registrable domain it comes from.
#[derive(Debug)]
pub(super) struct TopBrand {
    /// The registrable label (ASCII, lowercase).
    pub(super) label: String,
    /// Its skeleton ([`fold`]).
    folded: String,
    /// A registrable domain it comes from, for messages (its `.com` one, else the first on the list).
    pub(super) domain: String,
}

/// The shipped list, indexed. See the module doc.
#[derive(Debug, Default)]
pub(super) struct TopSites {
    /// Registrable domains on the list (ASCII).
    known: HashSet<String, foldhash::fast::RandomState>,
    /// Registrable domains tagged `redirector`.
    redirectors: HashSet<String, foldhash::fast::RandomState>,
    brands: Vec<TopBrand>,
    by_label: HashMap<String, usize, foldhash::fast::RandomState>,
    /// Positions in `brands` by skeleton, for names of [`MIN_SKELETON`] letters or more.
    by_folded: HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
    by_collapsed: HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
    /// Positions of the names of [`MIN_SKELETON`] letters or more by their skeleton and by each text one
    /// letter shorter (a deletion neighbourhood): a text one edit from a name (insertion, omission,
    /// substitution, swap) shares one of these keys with it, so the names to compare a label with are found
    /// by as many look-ups as it has letters, not by a walk of the list.
    near_folded: HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
    /// The same for the names as written.
    near_raw: HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
}

/// The shipped list, parsed once.
static SHIPPED: LazyLock<TopSites> = LazyLock::new(|| TopSites::parse(TOP_DOMAINS));

/// The shipped list.
pub(super) fn shipped() -> &'static TopSites {
    &SHIPPED
}

impl TopSites {
    /// Parses the list's text: one host a line, then tags; `#` starts a comment.
    pub(super) fn parse(text: &str) -> Self {
        let mut t = TopSites::default();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("");
            let mut words = line.split_whitespace();
            let Some(host) = words.next() else { continue };
            let host = host.trim_end_matches('.').to_ascii_lowercase();
            let Some(reg) = psl::domain_str(&host) else {
                continue;
            };
            let reg = reg.to_string();
            if words.any(|w| w == "redirector") {
                t.redirectors.insert(reg.clone());
            }
            let label = reg.split('.').next().unwrap_or("").to_string();
            t.known.insert(reg.clone());
            if let Some(&at) = t.by_label.get(&label) {
                // A name on several domains is shown by its `.com` one when it has one.
                if let Some(b) = t.brands.get_mut(at) {
                    if reg.ends_with(".com") && !b.domain.ends_with(".com") {
                        b.domain = reg;
                    }
                }
                continue;
            }
            if label.is_empty() {
                continue;
            }
            let folded = fold(&label);
            let collapsed = collapse_runs(&folded);
            let at = t.brands.len();
            t.by_label.insert(label.clone(), at);
            if folded.chars().count() >= MIN_SKELETON {
                t.by_folded.entry(folded.clone()).or_default().push(at);
                t.by_collapsed.entry(collapsed).or_default().push(at);
            }
            if label.len() >= MIN_SKELETON {
                if folded.is_ascii() {
                    add_neighbourhood(&mut t.near_folded, &folded, at);
                }
                add_neighbourhood(&mut t.near_raw, &label, at);
            }
            t.brands.push(TopBrand {
                label,
                folded,
                domain: reg,
            });
        }
        t
    }

    /// Whether a registrable domain (ASCII) is on the list.
    pub(super) fn is_known(&self, reg: &str) -> bool {
        self.known.contains(reg)
    }

    /// Whether a registrable domain is on the list and is not a redirector: a destination the list vouches for.
    pub(super) fn is_trusted_destination(&self, reg: &str) -> bool {
        self.known.contains(reg) && !self.redirectors.contains(reg)
    }

    /// The protected name `label` is exactly.
    pub(super) fn exact(&self, label: &str) -> Option<&TopBrand> {
        self.by_label.get(label).and_then(|&i| self.brands.get(i))
    }

    /// The protected name `label` imitates by skeleton (or collapsed skeleton) without being it.
    pub(super) fn same_skeleton(&self, label: &str) -> Option<&TopBrand> {
        let folded = fold(label);
        self.same_skeleton_folded(label, &folded)
    }

    fn same_skeleton_folded(&self, label: &str, folded: &str) -> Option<&TopBrand> {
        let collapsed = collapse_runs(folded);
        [
            self.by_folded.get(folded),
            self.by_collapsed.get(&collapsed),
        ]
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|&i| self.brands.get(i))
        .find(|b| b.label != label)
    }

    /// The protected name `label` imitates without being it:
    /// - the same skeleton, also once hyphens are dropped (`pay-pal`) and digits read as the letters they
    ///   stand for (`p4yp4l`, `3bay`);
    /// - one edit (insertion, omission, substitution, transposition) from a name of at least `min_edit`
    ///   letters;
    /// - for shorter names of [`MIN_SKELETON`] letters or more, two neighbours swapped (`bnig`), or from
    ///   [`MIN_SHORT_INSERTION`] letters one letter put inside (`vimleo`; not at either end, where it
    ///   makes plurals and other words).
    pub(super) fn imitated(&self, label: &str, min_edit: usize) -> Option<&TopBrand> {
        self.imitated_folded(label, &fold(label), min_edit)
    }

    /// [`TopSites::imitated`] of a label already folded.
    pub(super) fn imitated_folded(
        &self,
        label: &str,
        folded: &str,
        min_edit: usize,
    ) -> Option<&TopBrand> {
        if let Some(b) = self.same_skeleton_folded(label, folded) {
            return Some(b);
        }
        // Every name's skeleton is ASCII: a label whose skeleton is not can only be one edit from a name
        // (one character of it in place of one of the name's), never the same.
        if folded.is_ascii() && label.bytes().any(|b| b == b'-' || b.is_ascii_digit()) {
            // The skeleton reads `0` as `o` and `1` as `l`; the other digits are read here, and a `1` once
            // more as `i`.
            let plain: String = folded
                .chars()
                .filter(|&c| c != '-')
                .map(leet_letter)
                .collect();
            if let Some(b) = self.same_skeleton_folded(label, &plain) {
                return Some(b);
            }
            if label.contains('1') {
                let with_i: String = label
                    .chars()
                    .filter(|&c| c != '-')
                    .map(|c| if c == '1' { 'i' } else { leet_letter(c) })
                    .collect();
                if let Some(b) = self.same_skeleton_folded(label, &fold(&with_i)) {
                    return Some(b);
                }
            }
        }
        if let Some(b) = self.visual_swap(label) {
            return Some(b);
        }
        // Edits are read on the skeletons (`rn` for `m` and a typo together) and on the names as written
        // (a swap next to an `m`, whose skeleton is two letters).
        self.one_edit(label, folded, &self.near_folded, |b| &b.folded, min_edit)
            .or_else(|| {
                label
                    .is_ascii()
                    .then(|| self.one_edit(label, label, &self.near_raw, |b| &b.label, min_edit))
                    .flatten()
            })
    }

    /// The first name (in list order) whose `form` `text` is one edit from, as [`TopSites::imitated`] reads
    /// an edit; `index` is that form's deletion neighbourhood.
    fn one_edit<'s>(
        &'s self,
        label: &str,
        text: &str,
        index: &HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
        form: impl Fn(&TopBrand) -> &str,
        min_edit: usize,
    ) -> Option<&'s TopBrand> {
        let ascii = text.is_ascii();
        // Each character outside ASCII is an edit of its own (every name is ASCII): with two, none is near.
        if text.chars().count() + 1 < MIN_SKELETON
            || (!ascii && text.chars().filter(|c| !c.is_ascii()).nth(1).is_some())
        {
            return None;
        }
        let mut candidates: SmallVec<[usize; 8]> = SmallVec::new();
        let mut key = String::with_capacity(text.len());
        let mut look = |key: &str| {
            if let Some(found) = index.get(key) {
                candidates.extend(found.iter().copied());
            }
        };
        look(text);
        for (i, c) in text.char_indices() {
            key.clear();
            key.push_str(text.get(..i).unwrap_or(""));
            key.push_str(text.get(i + c.len_utf8()..).unwrap_or(""));
            look(&key);
        }
        candidates.sort_unstable();
        candidates.dedup();
        candidates
            .into_iter()
            .filter_map(|i| self.brands.get(i))
            .find(|b| {
                let f = form(b);
                // Long enough by the name as written: the skeleton of `vimeo` is six letters.
                b.label != label
                    && if b.label.len() >= min_edit {
                        within_one_edit(text, f)
                    } else {
                        ascii
                            && (swapped_neighbours(text.as_bytes(), f.as_bytes())
                                || (b.label.len() >= MIN_SHORT_INSERTION
                                    && inserted_inside(text.as_bytes(), f.as_bytes())))
                    }
            })
    }

    /// The protected name `label` is made of, with affix words around it (`paypal-login`, `mypaypal`,
    /// `secure-arnazon`): the name exactly or an imitation of it, once at least one affix word is taken off.
    /// Glued to a word, a name counts from [`MIN_AFFIX`] + 1 letters (`mymail` is no imitation of
    /// `mail.ru`); set apart by hyphens, from [`MIN_AFFIX`]. A name that is itself an affix word never counts.
    pub(super) fn with_affixes(&self, label: &str, min_edit: usize) -> Option<&TopBrand> {
        // Affix words are ASCII: a label that neither starts nor ends with an ASCII letter has none.
        let ends = [label.chars().next(), label.chars().next_back()];
        if !ends.iter().flatten().any(char::is_ascii_alphabetic) {
            return None;
        }
        self.affix_search(label, min_edit, MAX_AFFIXES, true)
    }

    fn affix_search(
        &self,
        label: &str,
        min_edit: usize,
        depth: usize,
        hyphens_only: bool,
    ) -> Option<&TopBrand> {
        if depth == 0 {
            return None;
        }
        for (rest, hyphen) in strip_affixes(label) {
            let hyphens_only = hyphens_only && hyphen;
            let min_len = if hyphens_only {
                MIN_AFFIX
            } else {
                MIN_AFFIX + 1
            };
            if rest.chars().count() < MIN_AFFIX {
                continue;
            }
            let found = self
                .exact(rest)
                .or_else(|| self.imitated(rest, min_edit))
                .filter(|b| {
                    b.folded.chars().count() >= min_len && !AFFIX_WORDS.contains(&b.label.as_str())
                });
            if found.is_some() {
                return found;
            }
            if let Some(b) = self.affix_search(rest, min_edit, depth - 1, hyphens_only) {
                return Some(b);
            }
        }
        None
    }

    /// The protected name of [`MIN_VISUAL`] letters or more that `label` reads as once one of the ASCII
    /// look-alikes the skeleton does not equate ([`VISUAL_SWAPS`]) is read as the letter it stands for
    /// (`paypai`, `gooqle`, `arnazom`): one swap at a time, each place in turn.
    fn visual_swap(&self, label: &str) -> Option<&TopBrand> {
        if !label.is_ascii() || label.len() > MAX_VISUAL_LABEL {
            return None;
        }
        for &(from, to) in VISUAL_SWAPS {
            let mut start = 0;
            while let Some(at) = label.get(start..).and_then(|rest| rest.find(from)) {
                let at = start + at;
                let variant = format!(
                    "{}{to}{}",
                    label.get(..at).unwrap_or(""),
                    label.get(at + from.len()..).unwrap_or("")
                );
                let found = self
                    .same_skeleton_folded(label, &fold(&variant))
                    .filter(|b| b.folded.chars().count() >= MIN_VISUAL);
                if found.is_some() {
                    return found;
                }
                start = at + 1;
            }
        }
        None
    }

    /// The protected name `label` is, under a generic top-level domain its owner is not listed with
    /// (`paypal.top`). `reg` is the registrable domain, `label` its first label.
    pub(super) fn tld_swap(&self, label: &str, reg: &str) -> Option<&TopBrand> {
        let b = self.exact(label)?;
        let suffix = reg.get(label.len() + 1..)?;
        let swapped = generic_tld(suffix) || ABUSED_COUNTRY_TLDS.contains(&suffix);
        (label.len() >= MIN_TLD_SWAP && !self.is_known(reg) && swapped).then_some(b)
    }
}

/// Every way of taking one affix word off the start or the end of `label`, with the hyphen beside it if
/// there is one: what is left, and whether a hyphen set the word apart.
fn strip_affixes(label: &str) -> impl Iterator<Item = (&str, bool)> {
    AFFIX_WORDS.iter().flat_map(move |w| {
        let front = label
            .strip_prefix(w)
            .map(|rest| match rest.strip_prefix('-') {
                Some(r) => (r, true),
                None => (rest, false),
            });
        let back = label
            .strip_suffix(w)
            .map(|rest| match rest.strip_suffix('-') {
                Some(r) => (r, true),
                None => (rest, false),
            });
        front.into_iter().chain(back).filter(|(r, _)| !r.is_empty())
    })
}

/// The letter a digit stands for in a name (`p4yp4l`, `3bay`, `5potify`); other characters unchanged
/// (`0` and `1` are read by the skeleton).
fn leet_letter(c: char) -> char {
    match c {
        '2' => 'z',
        '3' => 'e',
        '4' => 'a',
        '5' => 's',
        '6' | '8' => 'b',
        '7' => 't',
        '9' => 'g',
        _ => c,
    }
}

/// Adds `form` and every text one letter shorter to a deletion neighbourhood, for the name at `at`.
fn add_neighbourhood(
    index: &mut HashMap<String, Vec<usize>, foldhash::fast::RandomState>,
    form: &str,
    at: usize,
) {
    let mut add = |key: String| {
        let v = index.entry(key).or_default();
        if v.last() != Some(&at) {
            v.push(at);
        }
    };
    add(form.to_string());
    for (i, c) in form.char_indices() {
        let mut key = String::with_capacity(form.len());
        key.push_str(form.get(..i).unwrap_or(""));
        key.push_str(form.get(i + c.len_utf8()..).unwrap_or(""));
        add(key);
    }
}

/// Whether `a` is `b` with two different neighbouring letters swapped.
fn swapped_neighbours(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let Some(i) = a.iter().zip(b).position(|(x, y)| x != y) else {
        return false;
    };
    a.get(i + 1) == b.get(i) && a.get(i) == b.get(i + 1) && a.get(i + 2..) == b.get(i + 2..)
}

/// Whether `a` is `b` with one letter put inside it, not before its first letter nor after its last.
fn inserted_inside(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() + 1 || a.first() != b.first() || a.last() != b.last() {
        return false;
    }
    let p = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    a.get(p + 1..) == b.get(p..)
}

/// Top-level domains older than the 2012 round: brands hold their names under these as a matter of course.
const LEGACY_TLDS: &[&str] = &[
    "com", "net", "org", "info", "biz", "edu", "gov", "mil", "int", "name", "pro", "aero", "coop",
    "museum", "mobi", "asia", "tel", "travel", "jobs", "cat",
];

/// Whether a public suffix is one generic top-level domain of the 2012 round or later (`top`, `xyz`,
/// `online`): not a country's (two letters, or internationalised), not a second-level one (`co.uk`), not
/// a legacy one.
fn generic_tld(suffix: &str) -> bool {
    !suffix.contains('.')
        && suffix.len() > 2
        && !suffix.starts_with("xn--")
        && !LEGACY_TLDS.contains(&suffix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_parses_to_registrable_domains() {
        let t = shipped();
        assert!(t.brands.len() > 400, "{}", t.brands.len());
        assert!(t.is_known("google.com") && t.is_known("bbc.co.uk"));
        // Hosts are reduced: `play.google.com` adds nothing, `accounts.google.com` is google.com.
        assert!(!t.is_known("play.google.com"));
        assert!(t.is_known("bit.ly") && !t.is_trusted_destination("bit.ly"));
        assert!(t.is_trusted_destination("paypal.com"));
        assert_eq!(
            t.exact("google").map(|b| b.domain.as_str()),
            Some("google.com")
        );
    }

    #[test]
    fn imitations_of_listed_names() {
        let t = TopSites::parse("examplebank.com\nshopmart.co.uk\nwidgetly.io\nfoo.com\n");
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        assert_eq!(
            name(t.imitated("examp1ebank", 6)),
            Some("examplebank".into())
        );
        assert_eq!(
            name(t.imitated("exampelbank", 6)),
            Some("examplebank".into())
        );
        assert_eq!(
            name(t.imitated("examplbank", 6)),
            Some("examplebank".into())
        );
        assert_eq!(name(t.imitated("shoprnart", 6)), Some("shopmart".into()));
        assert_eq!(name(t.imitated("examplebank", 6)), None);
        // Short names: skeleton only from four letters, no edit below the policy's length.
        assert_eq!(name(t.imitated("f00", 6)), None);
        assert_eq!(name(t.imitated("widgetty", 9)), None);
        assert_eq!(
            name(t.with_affixes("examplebank-login", 6)),
            Some("examplebank".into())
        );
        assert_eq!(
            name(t.with_affixes("myexamplebank", 6)),
            Some("examplebank".into())
        );
        assert_eq!(
            name(t.with_affixes("secure-examp1ebank-verify", 6)),
            Some("examplebank".into())
        );
        assert_eq!(
            name(t.with_affixes("shoprnartlogin", 6)),
            Some("shopmart".into())
        );
        assert_eq!(name(t.with_affixes("examplebankers", 6)), None);
        assert_eq!(name(t.with_affixes("foologin", 6)), None);
        // The right split is found, wherever the first word that fits would lead.
        let words = TopSites::parse("apple.com\nmail.ru\nlive.com\n");
        assert_eq!(name(words.with_affixes("appleid", 6)), Some("apple".into()));
        assert_eq!(
            name(words.with_affixes("live-login", 6)),
            Some("live".into())
        );
        assert_eq!(name(words.with_affixes("livelogin", 6)), None);
        assert_eq!(name(words.with_affixes("webmail", 6)), None);
        assert_eq!(
            name(t.tld_swap("widgetly", "widgetly.top")),
            Some("widgetly".into())
        );
        assert_eq!(name(t.tld_swap("widgetly", "widgetly.de")), None);
        assert_eq!(name(t.tld_swap("widgetly", "widgetly.com")), None);
        assert_eq!(name(t.tld_swap("widgetly", "widgetly.co.uk")), None);
        assert_eq!(name(t.tld_swap("widgetly", "widgetly.io")), None);
        // Country domains given away or sold for nothing are treated as new generic ones.
        assert_eq!(
            name(t.tld_swap("widgetly", "widgetly.tk")),
            Some("widgetly".into())
        );
        assert_eq!(name(t.tld_swap("widgetly", "widgetly.fr")), None);
    }

    /// ASCII look-alikes the skeleton does not equate are read one swap at a time, for names of five
    /// letters or more; four-letter names are left to the skeleton.
    #[test]
    fn visual_swaps() {
        let t = TopSites::parse(
            "paypal.com
google.com
amazon.com
dell.com
linkedin.com
",
        );
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        for (label, brand) in [
            ("paypai", "paypal"),
            ("gooqle", "google"),
            ("amazom", "amazon"),
            ("arnazom", "amazon"),
            ("linkedln", "linkedin"),
        ] {
            assert_eq!(name(t.imitated(label, 99)), Some(brand.into()), "{label}");
        }
        // `bell` is one swap from `dell`, a four-letter name; `paypal` is the name itself; an unrelated
        // name of the same length is nothing.
        for label in ["bell", "paypal", "cobalt", "amazing"] {
            assert_eq!(name(t.imitated(label, 99)), None, "{label}");
        }
    }

    #[test]
    fn short_names_are_matched_by_the_edits_that_keep_them_readable() {
        let t = TopSites::parse("vimeo.com\nbing.com\nwordpress.org\n");
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        assert_eq!(name(t.imitated("vmieo", 6)), Some("vimeo".into()));
        assert_eq!(name(t.imitated("bnig", 6)), Some("bing".into()));
        assert_eq!(name(t.imitated("vimkeo", 6)), Some("vimeo".into()));
        assert_eq!(name(t.imitated("vim-eo", 6)), Some("vimeo".into()));
        assert_eq!(name(t.imitated("v1m3o", 6)), Some("vimeo".into()));
        // Omission from a long name leaves a shorter label.
        assert_eq!(name(t.imitated("wordpres", 6)), Some("wordpress".into()));
        // Letters added at an end, or any edit of a short name but a swap, are other words.
        assert_eq!(name(t.imitated("vimeos", 6)), None);
        assert_eq!(name(t.imitated("bling", 6)), None);
        assert_eq!(name(t.imitated("bong", 6)), None);
        assert!(swapped_neighbours(b"abdc", b"abcd") && !swapped_neighbours(b"abcd", b"abcd"));
        assert!(inserted_inside(b"abxcd", b"abcd") && !inserted_inside(b"abcdx", b"abcd"));
    }

    /// [`TopSites::one_edit`] by comparing the text with every name: what the neighbourhood must find.
    fn one_edit_linear<'s>(t: &'s TopSites, label: &str, min_edit: usize) -> Option<&'s TopBrand> {
        let ascii = label.is_ascii();
        t.brands
            .iter()
            .filter(|b| b.label.len() >= MIN_SKELETON)
            .find(|b| {
                b.label != label
                    && if b.label.len() >= min_edit {
                        within_one_edit(label, &b.label)
                    } else {
                        ascii
                            && (swapped_neighbours(label.as_bytes(), b.label.as_bytes())
                                || (b.label.len() >= MIN_SHORT_INSERTION
                                    && inserted_inside(label.as_bytes(), b.label.as_bytes())))
                    }
            })
    }

    proptest::proptest! {
        #[test]
        fn the_neighbourhood_finds_what_a_walk_of_the_list_finds(
            names in proptest::collection::btree_set("[abc]{3,8}", 1..12),
            labels in proptest::collection::vec("[abcd]{2,9}|[ab\\x{430}]{3,7}", 1..12),
            min_edit in 4usize..8,
        ) {
            let text: String = names.iter().map(|n| format!("{n}.com\n")).collect();
            let t = TopSites::parse(&text);
            for label in &labels {
                let fast = t.one_edit(label, label, &t.near_raw, |b| &b.label, min_edit).map(|b| &b.label);
                let slow = one_edit_linear(&t, label, min_edit).map(|b| &b.label);
                proptest::prop_assert_eq!(fast, slow, "{:?}", label);
            }
        }
    }

    #[test]
    fn generic_tlds() {
        assert!(generic_tld("top") && generic_tld("online") && generic_tld("app"));
        assert!(!generic_tld("com") && !generic_tld("de") && !generic_tld("co.uk"));
        assert!(!generic_tld("xn--p1ai"));
    }
}
