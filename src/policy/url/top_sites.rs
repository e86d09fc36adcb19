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
//! A name is also bait on a host that is not its own beside a lure word, a country code ending a label,
//! on a hosting service or site builder (tag `hosting`), or under one of the cheapest, most abused
//! top-level domains ([`TopSites::lure_brand`], [`cheap_tld`]).
//!
//! Without the list, a name nobody lists beside a strong lure word ([`unlisted_combo`]: sign in, verify,
//! refund, unblock, ... in the languages of the lure words and the scripts of their users) is bait too:
//! most brands imitated at first sight were regional ones on no list.
//!
//! The list also says which sites are well known, for `url.query.open_redirect`; link shorteners on it
//! (tag `redirector`), tenant domains (`tenant`) and site builders (`hosting`) are protected from
//! imitation but never a trusted destination.
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
/// Shortest name of the long tail (tag `tail`) matched by skeleton, look-alike swap, affix words, another
/// top-level domain or lure words: the long tail has many short names that are words (`here`, `note`).
pub(super) const MIN_TAIL: usize = 5;
/// Shortest name of the long tail matched by one edit (`ryanar`, `qatarairawys`): one edit turns fewer
/// letters into too many other sites' names.
pub(super) const MIN_TAIL_EDIT: usize = 7;

/// (urls18) Shortest name matched with a hyphen put into it and a look-alike letter besides
/// ([`TopSites::imitated`]): eight letters, where two words joined make a name by accident no more.
const MIN_HYPHEN_SWAP: usize = 8;

/// Longest registrable label read as a listed name beside its country's name
/// ([`TopSites::domain_with_country`]): a name and a country's name, with room for a code.
const MAX_COUNTRY_LABEL: usize = 48;
/// Longest label tried with [`VISUAL_SWAPS`] (every swap at every place is a lookup): longer labels are
/// no protected name's look-alike by one swap, as no protected name is that long.
const MAX_VISUAL_LABEL: usize = 32;

/// ASCII look-alikes, as (what a label shows, the letter it stands for), that the UTS #39 skeleton does not
/// already equate (it reads `0` as `o`, `1` and `I` as `l`, `rn` as `m`, `vv` as `w`, `cl` as `d`): the
/// ASCII entries of dnstwist's homoglyph table, the reference for such permutations.
const VISUAL_SWAPS: &[(&str, &str)] = &[
    ("q", "g"),
    ("g", "q"),
    ("vv", "w"),
    ("cl", "d"),
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
    // Not in dnstwist's table, but the same shape with its ascender cut short (`cnase` for `chase`).
    ("n", "h"),
];

/// Country top-level domains that registries give away or sell for next to nothing and that phishing
/// reports rank among the most abused (the former Freenom five, `tk ml ga cf gq`, and `cc pw ws su cm`):
/// a brand's name under one of them is treated as under a new generic one. Other country domains are
/// left alone: brands hold their names under them (`amazon.de`).
const ABUSED_COUNTRY_TLDS: &[&str] = &["tk", "ml", "ga", "cf", "gq", "cc", "pw", "ws", "su", "cm"];

/// The country endings whose registry gave names away for nothing (Freenom's: Tokelau, Mali, Gabon, the
/// Central African Republic, Equatorial Guinea), second levels included.
const FREE_COUNTRY_TLDS: &[&str] = &["tk", "ml", "ga", "cf", "gq"];

/// Generic top-level domains sold for a dollar or two that abuse reports (Spamhaus's most abused TLDs,
/// Interisle's phishing landscape studies) rank highest for phishing per registration, with the
/// [`ABUSED_COUNTRY_TLDS`]: a brand's name on one of them is bait by itself ([`cheap_tld`]). Brands do
/// not run their sites there. The cheap endings that small shops and clubs use as much as phishers do
/// (`shop`, `online`, `site`, `store`, `club`) are left to the lure words.
const CHEAP_TLDS: &[&str] = &[
    "top",
    "xyz",
    "icu",
    "buzz",
    "cyou",
    "sbs",
    "cfd",
    "bond",
    "click",
    "lol",
    "rest",
    "monster",
    "win",
    "bid",
    "loan",
    "men",
    "date",
    "racing",
    "download",
    "stream",
    "trade",
    "party",
    "review",
    "kim",
    "science",
    "accountant",
    "cricket",
    "faith",
    "webcam",
    "uno",
    "mom",
    "boats",
    "hair",
    "beauty",
    "quest",
    "autos",
    "makeup",
    "skin",
    "yachts",
    "motorcycles",
    "homes",
    "pics",
];

/// Second-level zones that a registry sells as if they were a country's ending (`de.com`, `uk.com`,
/// `us.com`, `cn.com`, `gb.net`: the public suffix list's private section, CentralNic's and others'):
/// anyone registers `<name>.de.com` as a `.com`, and the country code in front says "the German site" to
/// the reader. No brand keeps its site there; a name there beside any other word is bait, as under a
/// cheap top-level domain ([`pseudo_country_zone`]).
const PSEUDO_COUNTRY_ZONES: &[&str] = &[
    "ae.org", "br.com", "cn.com", "com.de", "com.se", "de.com", "eu.com", "gb.net", "gr.com",
    "hu.net", "in.net", "jp.net", "jpn.com", "mex.com", "ru.com", "sa.com", "se.net", "uk.com",
    "uk.net", "us.com", "us.org", "za.com", "kr.com", "in.ua", "ru.net", "ar.com", "it.com",
];

/// Whether a public suffix is one of the [`PSEUDO_COUNTRY_ZONES`].
pub(super) fn pseudo_country_zone(suffix: &str) -> bool {
    PSEUDO_COUNTRY_ZONES.contains(&suffix)
}

/// Whether a public suffix is a top-level domain that costs next to nothing and draws the most phishing
/// ([`CHEAP_TLDS`], [`ABUSED_COUNTRY_TLDS`]).
pub(super) fn cheap_tld(suffix: &str) -> bool {
    CHEAP_TLDS.contains(&suffix) || ABUSED_COUNTRY_TLDS.contains(&suffix)
}

/// Shortest top-tier name matched under a [`cheap_tld`], or beside a lure word on a hosting service or a
/// cheap top-level domain: three letters (`ups.rest`, `dhl-tracking.weebly.com`). Elsewhere a
/// three-letter name is initials many sites share.
pub(super) const MIN_CHEAP: usize = 3;

/// Affix words that count only set apart by a hyphen: glued, they make names of their own (`chasecenter`,
/// `zoominfo`).
const HYPHEN_ONLY_AFFIXES: &[&str] = &["center", "centre", "info", "team"];

/// Hosting services of code projects' pages, where brands keep their real organisations'
/// (`<brand>-research.github.io`) and their libraries' documentation: a name leading a label there is
/// no sign of posing.
const CODE_HOSTS: &[&str] = &["github.io", "gitlab.io", "readthedocs.io", "bitbucket.io"];

/// Words that, after a name on a hosting service, say the page is a project about the name or built
/// with it (a developer's clone, demo, bot or statistics page), not the name's owner.
const PROJECT_WORDS: &[&str] = &[
    "clone",
    "demo",
    "example",
    "sample",
    "test",
    "tests",
    "tutorial",
    "project",
    "fan",
    "fans",
    "unofficial",
    "stats",
    "status",
    "api",
    "sdk",
    "bot",
    "bots",
    "tools",
    "ui",
    "theme",
    "template",
    "readme",
    "widget",
    "plugin",
    "extension",
    "integration",
    "sync",
    "wrapper",
    "starter",
    "boilerplate",
    "playground",
    "workshop",
    "course",
    "lab",
    "labs",
    "dev",
    "docs",
    "guide",
    "blog",
    "wiki",
    "viewer",
    "analytics",
    "dashboard",
    "tracker",
    "bridge",
    "exporter",
    "backup",
    "generator",
    "cli",
    "landing",
    "portfolio",
    "copy",
    "replica",
    "mirror",
    "community",
    "club",
    "app",
    "apps",
    "samples",
    "examples",
    "demos",
    "projects",
    "templates",
    "themes",
    "practice",
    "learn",
    "learning",
    "challenge",
    "hackathon",
    "poc",
    "prototype",
    "experiment",
    "experiments",
    "search",
    "game",
    "quiz",
    "notes",
    "helper",
    "parser",
    "client",
    "server",
    "proxy",
    "cdk",
    "cloud",
];

/// The word for bank in the languages whose banks put it in their names (`ziraatbank`, Turkish
/// `bankasi`; Slavic `banka`; Lithuanian `bankas`; German `banken`; Spanish and Portuguese `banco`;
/// French `banque`).
const BANK_WORDS: &[&str] = &[
    "bank", "bankasi", "banka", "bankas", "banken", "banco", "banque",
];

/// The words for bank that stand before a bank's name in the languages whose banks are named so and
/// that [`BANK_WORDS`] lacks (Italian and Spanish `banca`, Polish `bankowy`): [`TopSites::bank_word_before`].
const BANK_PREFIX_WORDS: &[&str] = &["banca", "bankowy"];

/// Whether a registrable label is the listed name `name` with only the word for bank glued after it
/// (`<name>bank`, [`BANK_WORDS`]) under an ending that is not among the cheapest: a bank named after a
/// family, a town or a fruit that a listed name also is (Apple Bank for Savings is not Apple), not the
/// name combined with bait. A listed bank's own `<name>bank` domain is on the list itself; with a lure
/// word, a hyphen, a look-alike letter or under a cheap ending the label is still read as a combination.
pub(super) fn bank_named_after(label: &str, name: &str, suffix: &str) -> bool {
    label
        .strip_prefix(name)
        .is_some_and(|w| BANK_WORDS.contains(&w))
        && !cheap_tld(suffix)
        && !ABUSED_COUNTRY_TLDS.contains(&suffix)
}

/// Words of a host's label that ask for a sign-in or a confirmation, narrower than [`LURE_WORDS`]
/// (no parcel, prize or service words): beside the word for bank they make a bank's sign-in page
/// ([`bank_sign_in`]). English, and the same step in the languages of the lure words.
const SIGN_IN_LURES: &[&str] = &[
    "login",
    "logon",
    "signin",
    "signon",
    "log",
    "verify",
    "verification",
    "validate",
    "validation",
    "confirm",
    "confirmation",
    "unlock",
    "auth",
    "otp",
    "kyc",
    "token",
    "secure",
    "security",
    "update",
    "giris",
    "dogrulama",
    "guncelleme",
    "anmelden",
    "anmeldung",
    "einloggen",
    "aktualisierung",
    "bestaetigen",
    "bestatigen",
    "entrar",
    "acesso",
    "acceso",
    "ingreso",
    "ingresar",
    "atualizacao",
    "actualizacion",
    "verificar",
    "verificacao",
    "verificacion",
    "connexion",
    "accedi",
    "accesso",
    "verifica",
    "inloggen",
    "verificatie",
    "logowanie",
    "weryfikacja",
    "prihlaseni",
    "prihlasenie",
    "overeni",
    "prijava",
    "potvrda",
    "vhod",
    "voiti",
    "masuk",
    "verifikasi",
    "dangnhap",
    "xacminh",
    "xacthuc",
    "kirjaudu",
    "tunnistautuminen",
    "logga",
    "bejelentkezes",
    "autentificare",
    "verificare",
];

/// The word for bank ([`BANK_WORDS`]) as a part of a registrable label, or ending one (`unionbank`),
/// or starting one with what follows it in a bank's name (`bankof...`, `banco...`), beside a sign-in
/// word ([`SIGN_IN_LURES`]) as another part (`northfield-bank-login`, `unionbank-verify`): a bank's
/// sign-in page on a domain no bank is listed with, whichever bank it is. No bank signs its customers
/// in on a hyphenated combination of its name and "login"; a bank's real second domain has no
/// sign-in word in its name. Returns the bank's part.
/// Whether a word asks for a sign-in or a confirmation ([`SIGN_IN_LURES`]: `login`, `update`, `reset`).
pub(super) fn sign_in_lure(word: &str) -> bool {
    SIGN_IN_LURES.contains(&word)
}

pub(super) fn bank_sign_in(label: &str) -> Option<&str> {
    if !label.contains('-') {
        return None;
    }
    let parts: SmallVec<[&str; 8]> = label.split('-').collect();
    let banky = |p: &str| {
        p.len() >= 4
            && (BANK_WORDS.iter().any(|w| p.ends_with(w))
                || ["bankof", "banco", "banque", "banca"]
                    .iter()
                    .any(|w| p.starts_with(w)))
    };
    let bank = parts.iter().position(|p| banky(p))?;
    let sign_in = parts
        .iter()
        .enumerate()
        .any(|(j, p)| j != bank && SIGN_IN_LURES.contains(p));
    sign_in.then(|| parts.get(bank).copied()).flatten()
}

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
    // (urls21) The word for "my" that services put before their name in the languages of the lure
    // words (`OmaPosti`, `MijnOverheid`, `Mein ELBA`, `MojeID`, `Mina sidor`): the same affix as `my`.
    "oma",
    "mijn",
    "mein",
    "meine",
    "mina",
    "minha",
    "moje",
];

/// Words of a phishing host's name that ask the visitor to sign in, confirm or pay: English, and the
/// same words in the most used languages of the web (Spanish, Portuguese, French, German, Italian,
/// Dutch, Polish, Turkish, Indonesian, Vietnamese, transliterated Russian). A protected name beside one
/// of them on a host that is not the name's own is a look-alike ([`TopSites::lure_brand`]).
pub(super) const LURE_WORDS: &[&str] = &[
    "login",
    "logon",
    "signin",
    "signon",
    "sign",
    "log",
    "auth",
    "oauth",
    "sso",
    "id",
    "verify",
    "verification",
    "verified",
    "validate",
    "validation",
    "confirm",
    "confirmation",
    "secure",
    "security",
    "safe",
    "account",
    "accounts",
    "update",
    "billing",
    "payment",
    "pay",
    "wallet",
    "support",
    "helpdesk",
    "unlock",
    "unblock",
    "recovery",
    "recover",
    "reset",
    "restore",
    "alert",
    "suspended",
    "locked",
    "limited",
    "refund",
    "claim",
    "reward",
    "bonus",
    "gift",
    "kyc",
    "otp",
    "2fa",
    "mfa",
    "token",
    "password",
    // "Password" and "sign in" in the languages phishing hosts name them in
    "clave",
    "contrasena",
    "senha",
    "motdepasse",
    "passwort",
    "kennwort",
    "haslo",
    "sifre",
    "parol",
    "ingreso",
    "acceder",
    "access",
    "portal",
    "online",
    // "Online" as Russian and Ukrainian hosts write it transliterated (`онлайн`).
    "onlain",
    "onlayn",
    "service",
    "services",
    "customer",
    "client",
    "members",
    "session",
    "activate",
    "activation",
    "check",
    "notice",
    "review",
    "dispute",
    "resolution",
    "ebanking",
    "netbanking",
    "banking",
    "webmail",
    // Spanish, Portuguese
    "seguro",
    "segura",
    "seguridad",
    "seguranca",
    "acceso",
    "acesso",
    "cuenta",
    "conta",
    "cliente",
    "clientes",
    "verificar",
    "verificacion",
    "verificacao",
    "validar",
    "confirmar",
    "actualizar",
    "atualizar",
    "atualizacao",
    "ingresar",
    "entrar",
    "iniciar",
    "sesion",
    "desbloqueo",
    "desbloqueio",
    "reembolso",
    "pagamento",
    "pago",
    "pagos",
    "multa",
    "multas",
    // French, Italian, Dutch
    "connexion",
    "compte",
    "securite",
    "verif",
    "identifiant",
    "espace",
    "paiement",
    "remboursement",
    "amende",
    "amendes",
    "accesso",
    "conferma",
    "verifica",
    "sicurezza",
    "inloggen",
    "verificatie",
    "beveiliging",
    "betaling",
    // German, Polish, Turkish, Indonesian, Vietnamese, Russian transliterated
    "anmelden",
    "anmeldung",
    "konto",
    "sicherheit",
    "bestaetigen",
    "verifizierung",
    "zahlung",
    "logowanie",
    "weryfikacja",
    "platnosc",
    "giris",
    "dogrulama",
    "guvenlik",
    "hesap",
    "odeme",
    "masuk",
    "verifikasi",
    "akun",
    "keamanan",
    "dangnhap",
    "xacminh",
    "taikhoan",
    "vhod",
    "voiti",
    "lk",
    "kabinet",
    "oplata",
    "shtraf",
    "dostavka",
    "podtverdit",
    // Scam themes: parcels, refunds, invoices, prizes, full mailboxes, fraud alerts
    "delivery",
    "redelivery",
    "parcel",
    "package",
    "tracking",
    "track",
    "shipment",
    "customs",
    "refunds",
    "invoice",
    "invoices",
    "factura",
    "facturas",
    "fatura",
    "boleto",
    "envio",
    "entrega",
    "pendiente",
    "pendente",
    "prize",
    "promo",
    "winner",
    "redeem",
    "points",
    "fraud",
    "storage",
    "mailbox",
    "quota",
    "document",
    "documents",
    "tax",
    "toll",
    "fine",
    "penalty",
    "hadiah",
    "klaim",
    // Reward in Urdu, Hindi and Bengali transliterated (`inam`, `inaam`): the prize of wallet and
    // telecom giveaway messages in South Asia.
    "inam",
    "inaam",
    "hotro",
    // More scam themes: reversed transfers, rebates and giveaways, renewals and expiries, appeals
    // against a suspension or a copyright strike, benefits and pensions, statements and receipts.
    "reversal",
    "rebate",
    "cashback",
    "lottery",
    "giveaway",
    "airdrop",
    "renew",
    "renewal",
    "expired",
    "overdue",
    "receipt",
    "statement",
    "settlement",
    "compensation",
    "subsidy",
    "benefit",
    "benefits",
    "pension",
    "appeal",
    "copyright",
    "violation",
    "suspension",
    "restricted",
    "unusual",
    "voicemail",
    "payroll",
    "staking",
    "rewards",
    // Bonus and gift words of the languages whose wallets and banks hand them out in SMS lures
    // (`<wallet>-bono`): Spanish, Italian, Portuguese, French, German, Polish.
    "bono",
    "bonos",
    "bonificacion",
    "premio",
    "premios",
    "regalo",
    "cadeau",
    "geschenk",
    "nagroda",
    // Tax words of the tax portals' languages (`<tax portal>-steuer`, a refund or a filing lure):
    // German, Spanish, Portuguese, Scandinavian, Dutch, Polish, Turkish, Indonesian, Croatian.
    // (French `impots` is the French portal's own name, left to it.)
    "steuer",
    "steuern",
    "impuesto",
    "impuestos",
    "imposto",
    "impostos",
    "skatt",
    "belasting",
    "podatek",
    "podatki",
    "vergi",
    "pajak",
    "porez",
    // Parcel and refund words of the languages most targeted by parcel SMS lures
    "colis",
    "livraison",
    "paquete",
    "encomenda",
    "rastreio",
    "pacco",
    "rimborso",
    "spedizione",
    "pakket",
    "terugbetaling",
    "paket",
    "sendung",
    "zustellung",
    "erstattung",
    "paczka",
    "dostawa",
    "przesylka",
    "doplata",
    "kargo",
    "tagihan",
    "tunnistautuminen",
    "tunnistus",
    "kirjaudu",
    "logga",
    "bankid",
    // The words of parcel, customs, sign-in and verification lures in more languages, as a phisher
    // writes them in a host name (ASCII, without diacritics; Cyrillic labels are read transliterated,
    // see `translit`): delivery, parcel, tracking, customs, fee, sign-in, verification, confirmation,
    // activation, account. Dutch and Flemish, Czech and Slovak, Hungarian, Romanian, Croatian, Serbian
    // and Slovenian, Greek, Bulgarian, Swedish, Danish and Norwegian, Finnish and Estonian, Baltic,
    // Hebrew and Arabic transliterated, Malay and Tagalog, Japanese and Korean romanised, Chinese pinyin,
    // Hindi transliterated, and Russian and Ukrainian transliterated.
    // Shared-document lures (`office365-docs`, `dropbox-shared`).
    "docs",
    "shared",
    "bezorging",
    "bezorgen",
    "levering",
    "zending",
    "verzending",
    "pakketje",
    "douane",
    "inklaring",
    "invoerrechten",
    "bevestigen",
    "bevestiging",
    "activeren",
    "activatie",
    "verificeren",
    "verifieer",
    "aanmelden",
    "rekening",
    "betalen",
    "doruceni",
    "dorucenie",
    "zasilka",
    "zasilky",
    "zasielka",
    "balik",
    "baliky",
    "sledovani",
    "sledovanie",
    "prihlaseni",
    "prihlasenie",
    "prihlasit",
    "overeni",
    "overenie",
    "platba",
    "doplatek",
    "poplatek",
    "kezbesites",
    "csomag",
    "csomagkovetes",
    "bejelentkezes",
    "ellenorzes",
    "fizetes",
    "livrare",
    "colet",
    "coletul",
    "urmarire",
    "autentificare",
    "verificare",
    "plata",
    "vama",
    "dostava",
    "posiljka",
    "prijava",
    "potvrda",
    "provjera",
    "placanje",
    "carina",
    "pratka",
    "paketi",
    "apostoli",
    "syndesi",
    "eisodos",
    "epalitheusi",
    "leverans",
    "paketet",
    "forsandelse",
    "sporing",
    "tull",
    "tullen",
    "inlogning",
    "bekraefte",
    "bekrafta",
    "verifiering",
    "betala",
    "toimitus",
    "paketti",
    "seuranta",
    "tulli",
    "vahvista",
    "kirjautuminen",
    "tarne",
    "siunta",
    "siuntinys",
    "prisijungti",
    "piegade",
    "sutijums",
    "mishloach",
    "mishloah",
    "havila",
    "tashlum",
    "tawsil",
    "tawseel",
    "shahn",
    "shahna",
    "jamarik",
    "tahaqquq",
    "penghantaran",
    "bungkusan",
    "kastam",
    "pengesahan",
    "hantar",
    "padala",
    "pagpapadala",
    "beripikasyon",
    "haisou",
    "haitatsu",
    "saihaitatsu",
    "fuzai",
    "nimotsu",
    "kakunin",
    "taekbae",
    "baesong",
    "baedal",
    "injeung",
    "kuaidi",
    "wuliu",
    "baoguo",
    "denglu",
    "yanzheng",
    "zhanghu",
    "haiguan",
    "vitaran",
    "satyapan",
    "posylka",
    "posilka",
    "otslezhivanie",
    "vozvrat",
    "nalog",
    "kompensaciya",
    "kompensatsiya",
    "proverka",
    "podtverzhdenie",
    "vhid",
    "lichnyi",
    "lichnyy",
    "tamozhnya",
    "knisa",
    "akkaunt",
    "uviiti",
    "pidtverdzhennya",
    "sledzenie",
    "odbior",
    "zoll",
    "lieferung",
    "paketverfolgung",
    "verifizieren",
    "bestaetigung",
    "einloggen",
    "kundenkonto",
    "suivi",
    "frais",
    "confirmer",
    "authentification",
    "facture",
    "aduana",
    "seguimiento",
    "rastreo",
    "alfandega",
    "dogana",
    "consegna",
    "tracciamento",
    "accedi",
    "teslimat",
    "gonderi",
    "takip",
    "gumruk",
    "pengiriman",
    "lacak",
    "beacukai",
    "giaohang",
    "xacthuc",
    "tasjil",
    "dukhul",
    // The "update your data" lure of each language (re-registration, data check, unblocking), as a
    // bank's or carrier's SMS words it: German, Portuguese, Spanish, Italian, French, Dutch, Polish,
    // Turkish.
    "aktualisierung",
    "aktualisieren",
    "kundendaten",
    "datenabgleich",
    "sicherheitscheck",
    "pushtan",
    "phototan",
    "entsperren",
    "entsperrung",
    "freischaltung",
    "gesperrt",
    "sperrung",
    "rueckerstattung",
    "gutschrift",
    "mahnung",
    "rechnung",
    "cadastro",
    "cadastral",
    "recadastramento",
    "recadastrar",
    "atualize",
    "regularizar",
    "regularizacao",
    "bloqueio",
    "bloqueado",
    "desbloquear",
    "pendencia",
    "pendencias",
    "resgate",
    "resgatar",
    "aclaracion",
    "aclaraciones",
    "actualizacion",
    "actualiza",
    "bloqueo",
    "bloqueada",
    "reclamo",
    "reclamacion",
    "devolucion",
    "notificacion",
    "aggiorna",
    "aggiornamento",
    "sblocco",
    "bloccato",
    "miseajour",
    "deblocage",
    "regularisation",
    "gegevens",
    "bijwerken",
    "geblokkeerd",
    "deblokkeren",
    "klantenservice",
    "aktualizacja",
    "odblokuj",
    "blokada",
    "guncelle",
    "guncelleme",
    "hesabim",
    "onayla",
    "dogrula",
    "musteri",
    // The same families in more of the languages above, and German written without umlauts by
    // dropping them (`bestatigen`) as well as by `ae`/`ue`: update, data, customer, blocked,
    // security, confirm.
    "aktualizace",
    "aktualizacia",
    "frissites",
    "actualizare",
    "azuriranje",
    "uppdatera",
    "opdater",
    "oppdater",
    "paivitys",
    "paivita",
    "pembaruan",
    "perbarui",
    "kemaskini",
    "capnhat",
    "daten",
    "dados",
    "datos",
    "donnees",
    "kunde",
    "kunden",
    "klant",
    "klient",
    "ugyfel",
    "asiakas",
    "pelanggan",
    "nasabah",
    "khachhang",
    "sperre",
    "blokkert",
    "sparrad",
    "zablokowane",
    "blokovan",
    "blocat",
    "diblokir",
    "veiligheid",
    "bezpieczenstwo",
    "bezpecnost",
    "biztonsag",
    "securitate",
    "sigurnost",
    "sakerhet",
    "sikkerhed",
    "turvallisuus",
    "bestatigen",
    "bestatigung",
    "ruckerstattung",
    "gebuhr",
    "ueberpruefung",
    "uberprufung",
    "bevestig",
    "potwierdz",
    "potwierdzenie",
    "potvrzeni",
    "potvrdenie",
    "megerosites",
    "confirmare",
    "bekraeft",
    "vahvistus",
    "konfirmasi",
    "xacnhan",
    // "My" in front of a bank's or a carrier's name, as their own apps are called (`mijn`, `meu`).
    "mijn",
    "meu",
    "minha",
    "mein",
    "meine",
    "moncompte",
    // Fees that a parcel or a fine is held for: English, Portuguese, Spanish, German, Italian, Turkish.
    "fee",
    "fees",
    "taxa",
    "taxas",
    "tasa",
    "tarifa",
    "gebuehr",
    "gebuehren",
    "tassa",
    "ucret",
    // Offers, vouchers and payouts (a wallet's cashback, a creator fund, a giveaway).
    "offer",
    "offers",
    "oferta",
    "ofertas",
    "offerta",
    "angebot",
    "promocao",
    "promocion",
    "voucher",
    "coupon",
    "cupom",
    "gutschein",
    "payout",
    "withdraw",
    "withdrawal",
    "fund",
    "funds",
    "grant",
    // Shared-file and invitation lures (`dropbox-file-share`, `teams-invite`).
    "file",
    "files",
    "share",
    "sharing",
    "fileshare",
    "invite",
    "invitation",
];

/// Whether a token of a host's label is a lure word, or (from four letters) starts or ends with one
/// glued to another word (`kbanklogin`, `secureupdate`).
pub(super) fn is_lure(token: &str) -> bool {
    LURE_WORDS.contains(&token)
        || LURE_WORDS.iter().any(|w| {
            w.len() >= 4 && token.len() > w.len() && (token.starts_with(w) || token.ends_with(w))
        })
        || stem_lure(token)
        || AID_STEMS.iter().any(|s| token.starts_with(s))
        || step_word(token)
        // (urls13c) The same steps in ~45 languages, from maintained translations.
        || super::lure_l10n::is_word(token)
}

/// Stems of the three service steps a phishing message asks the customer of a named service to take,
/// in the languages of the packs and of the countries whose services are imitated (folded ASCII,
/// Cyrillic and Greek as [`super::translit`] transliterates them): renewing (a subscription, an
/// identity app, a document), paying (a fee, an invoice) and receiving a parcel. Weak lure words
/// ([`is_lure`]): bait beside a listed name (`<identity app>-verlengen`, `<bank>-fornyelse`) or a
/// country's domain written inside another host (`<name>.<cc>-<parcel>`), not beside any name, as real
/// shops and couriers put them in their own names (`acme-paket`). Morphology, not a list of forms: a
/// stem reads the language's inflections (`platnosc`, `platnosci`; `siunta`, `siuntos`). Hand-kept:
/// no maintained multilingual source of these words ships in a registry this project reads.
const STEP_STEMS: &[&str] = &[
    // Renewing: English, Dutch, Danish and Norwegian, Swedish, German, French, Italian, Spanish and
    // Portuguese, Romanian, Polish, Czech, Slovak, Croatian and Serbian, Hungarian, Finnish, Turkish,
    // Indonesian and Malay, Vietnamese, Lithuanian, Russian, Ukrainian, Greek.
    "renew",
    "verleng",
    // (urls15) Dutch renewing (`vernieuwen`, `vernieuwing`) beside `verleng-`, and expiry
    // (`verlopen`, `verlopt`), the reason the message gives for it: no other Dutch word starts so.
    "vernieuw",
    "verlopen",
    "verlopt",
    "forny",
    "erneuer",
    "verlaenger",
    "verlanger",
    "renouvel",
    "rinnov",
    "renovac",
    "renovar",
    "reinnoi",
    "prelungi",
    "odnowien",
    "przedluz",
    "obnoven",
    "prodlouz",
    "predlzen",
    "produzen",
    "produljen",
    "megujit",
    "meghosszab",
    "uusimi",
    "yenile",
    "perpanj",
    "giahan",
    "atnaujin",
    "pratesim",
    "prodlen",
    "prodovzhen",
    "ananeos",
    // Paying: Polish, Czech and Slovak, Croatian and Serbian, Russian and Ukrainian, Bulgarian, German,
    // Dutch and the Scandinavian languages, French, Italian, Portuguese, Hungarian, Turkish, Indonesian
    // and Malay, Vietnamese, Lithuanian, Latvian, Greek, Romanian.
    "platnos",
    "platb",
    "placanj",
    "oplat",
    "plashtan",
    "zahlung",
    "betaling",
    "betalning",
    "paiement",
    "pagament",
    "fizetes",
    "befizet",
    "odeme",
    "pembayar",
    "thanhtoan",
    "mokejim",
    "maksajum",
    "pliromi",
    "plateste",
    // Receiving a parcel: Lithuanian, French, Polish, Czech, Slovak, Danish and Norwegian, Dutch,
    // Hungarian, Italian, Spanish, Portuguese, Romanian, Russian and Ukrainian, Bulgarian, Finnish,
    // Indonesian, Turkish, Swahili.
    "siunt",
    "colis",
    "paczk",
    "przesylk",
    "zasilk",
    "zasielk",
    "pakke",
    "pakket",
    "csomag",
    "spedizion",
    "paquete",
    "encomenda",
    "colet",
    "posylk",
    "pratk",
    "lahetys",
    "kiriman",
    "kargo",
    "kifurushi",
    // (urls18) Tracking the parcel, the step a courier's message names most: Portuguese and Spanish
    // (`rastreamento`, `rastreio`, `rastreo`), Croatian and Serbian (`pracenje`), Czech and Slovak
    // (`sledovani`), Polish (`sledzenie`), Slovene (`sledenje`), Hungarian (`nyomkovetes`), Romanian
    // (`urmarire`), Italian (`tracciamento`), German (`sendungsverfolgung`), Russian and Ukrainian
    // transliterated (`otslezhivanie`, `vidstezhennya`). Stems, as the nouns and verbs inflect.
    "rastre",
    "pracenj",
    "sledovan",
    "sledzen",
    "sledenj",
    "nyomkovet",
    "urmarir",
    "tracciam",
    "sendungsverfolg",
    "otslezh",
    "vidstezh",
];

/// Whole words of the same steps too short to be stems of their own (`pago`, `maksu`, `plata`): a
/// label's part equal to one.
const STEP_WORDS: &[&str] = &[
    "pago", "pagos", "maksu", "plata", "bayar", "bayad", "malipo", "envio",
];

/// Common English words one letter from a listed name (`data/ordinary_near.txt`, written by
/// `tools/corpus/ordinary_near.py` from the `wordfreq` package's frequency list).
const ORDINARY_NEAR_WORDS: &str = include_str!("data/ordinary_near.txt");

/// [`ORDINARY_NEAR_WORDS`], indexed once.
static ORDINARY_NEAR: LazyLock<HashSet<&'static str, foldhash::fast::RandomState>> =
    LazyLock::new(|| super::word_set(ORDINARY_NEAR_WORDS));

/// Whether a label (or a part of one) is a common English word that happens to be one letter from a
/// listed name (`cashflow` beside `kashflow`, `ample` beside `apple`): an ordinary word is what a
/// business calls itself, not a typo, so it is not matched by one edit ([`TopSites::one_edit`]). A
/// typo-squatter's invented spelling (`macrosoft`) is no common word; the same skeleton and look-alike
/// letters (`paypa1`) are read before and still count.
pub(super) fn ordinary_near(text: &str) -> bool {
    ORDINARY_NEAR.contains(text)
}

/// Whether a (folded) part of a host's label is a renewal, payment or parcel word ([`STEP_STEMS`],
/// [`STEP_WORDS`]).
pub(super) fn step_word(part: &str) -> bool {
    STEP_WORDS.contains(&part) || STEP_STEMS.iter().any(|s| part.starts_with(s))
}

/// The stems of the strong lure words' verbs and nouns across the languages of [`STRONG_LURES`]
/// (folded ASCII): a part that starts with one is that word in any of its forms, whatever the
/// language's ending (`verifiera`, `verificar`, `verifikasi`, `verifizieren` all start `verif`;
/// `bekreft`, `bekrefte`, `bekreftelse`). Morphology, not a list of forms: a language's inflected or
/// derived form that nobody listed is read as its stem is. Each stem starts no ordinary word of the
/// languages of the lure words: the stems of verifying, confirming, authenticating, refunding,
/// paying out, state aid, surcharges and unblocking.
const LURE_STEMS: &[&str] = &[
    // Verify, confirm, authenticate
    "verif",
    "weryfik",
    "verifik",
    "validar",
    "validac",
    "validier",
    "validaz",
    "confirm",
    "konfirm",
    "bekreft",
    "bekraeft",
    "bekraft",
    "bestaetig",
    "bestatig",
    "bevestig",
    "potwierd",
    "potvrd",
    "podtverd",
    "pidtverd",
    "vahvist",
    "megerosit",
    "dogrula",
    "authent",
    "autent",
    "conferm",
    "patvirtin",
    "apstiprin",
    "kinnita",
    "potrdi",
    "thibitish",
    "epivevai",
    "godkend",
    "godkjenn",
    // (urls15) Identifying oneself, the step an identity app's message asks for (Swedish `legitimera
    // dig`, Danish and Norwegian `legitimering`; German `legitimieren`): no ordinary word of those
    // languages starts so but the adjective for a licensed profession (`legitimerad`), a trade named
    // beside a listed name only.
    "legitimer",
    "legitimier",
    // Sign in
    "anmeld",
    "einlogg",
    "inlogg",
    "aanmeld",
    "zaloguj",
    "logowan",
    "prihlas",
    "prisijung",
    "pieslegt",
    "kirjaud",
    "tunnistau",
    "bejelentkez",
    "belepes",
    "innskra",
    "sisselog",
    // Refunds, payouts, compensation, state aid, surcharges
    "refund",
    "reembols",
    "rembours",
    "rimbors",
    "erstatt",
    "ruckerstatt",
    "rueckerstatt",
    "terugbetal",
    "vozvrat",
    "viplat",
    "vyplat",
    "wyplat",
    "doplat",
    "poplat",
    "tilbagebetal",
    "tilbakebetal",
    "aterbetal",
    "hoantien",
    "tuikuan",
    "hwanbul",
    "rambursa",
    "visszaterit",
    "grazinim",
    // Unblocking
    "desbloq",
    "entsperr",
    "sblocc",
    "debloc",
    "deblok",
    "odblok",
    "razblok",
    "freischalt",
    "ontgrendel",
    "mokhoa",
];

/// Whether a (folded) part of a label starts with one of the [`LURE_STEMS`].
fn stem_lure(part: &str) -> bool {
    LURE_STEMS.iter().any(|s| part.starts_with(s))
}

/// Stems of state aid, social payments and compensation (Ukrainian, Russian and Polish
/// transliterated, Indonesian, Portuguese, Spanish): weak lure words ([`is_lure`]), bait beside a listed
/// name (`<identity app>-dopomoga`), not beside any name, as charities and real aid offices use them
/// in their own names (`<town>-bantuan`, `subsidio-<program>.gov.co`).
const AID_STEMS: &[&str] = &[
    "dopomog",
    "kompensac",
    "kompensat",
    "bansos",
    "bantuan",
    "auxilio",
    "subsidio",
    "subsidi",
];

/// The names of the world's countries in the Latin-script languages of the packs, folded
/// (`data/country_words.txt`, written by `tools/corpus/country_words.py` from Debian's `iso-codes`).
const COUNTRY_WORDS: &str = include_str!("data/country_words.txt");

/// [`COUNTRY_WORDS`], indexed once.
static COUNTRIES: LazyLock<HashSet<&'static str, foldhash::fast::RandomState>> =
    LazyLock::new(|| super::word_set(COUNTRY_WORDS));

/// Whether a (folded) part of a host's label names a country (`sverige`, `egypt`, `deutschland`): how a
/// phisher says "your country's branch" of the name beside it, as a country code ending a label does.
pub(super) fn country_word(part: &str) -> bool {
    part.len() >= 5 && COUNTRIES.contains(part)
}

/// (urls20) The same names, each with the ISO 3166-1 codes of the countries it names
/// (`data/country_codes.txt`, written by `tools/corpus/country_words.py --codes`).
const COUNTRY_CODES: &str = include_str!("data/country_codes.txt");

/// A country's name to its countries' codes.
type CountryHomes = HashMap<&'static str, SmallVec<[&'static str; 2]>, foldhash::fast::RandomState>;

/// [`COUNTRY_CODES`], indexed once: a name to its countries' codes.
static COUNTRY_HOMES: LazyLock<CountryHomes> = LazyLock::new(|| keyed_lines(COUNTRY_CODES));

/// A data file of lines `key value value …` (`#` starts a comment line), indexed by its first word: the
/// shape of `country_codes.txt` and `brand_products.txt`.
pub(super) fn keyed_lines<V: FromIterator<&'static str>>(
    text: &'static str,
) -> HashMap<&'static str, V, foldhash::fast::RandomState> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            Some((words.next()?, words.collect()))
        })
        .collect()
}

/// (urls21) Whether `name` (lowercase ASCII, diacritics taken off) is, as listed, a name of the
/// country whose code is `cc` (`turkiye` and `tr`, `osterreich` and `at`).
pub(super) fn names_country(name: &str, cc: &str) -> bool {
    COUNTRY_HOMES
        .get(name)
        .is_some_and(|codes| codes.contains(&cc))
}

/// Fewest letters of a country name's stem read through an inflected ending ([`country_codes_of`]).
const MIN_COUNTRY_STEM: usize = 4;

/// (urls20) The codes of the countries a (folded) part of a label names: a country's name of five
/// letters or more as listed, or inflected: a name ending in `-a` (most Slavic and Baltic names of
/// their own country, `srbija`, `hrvatska`, `lietuva`, `polska`) with its last letter replaced by a
/// case ending of one or two letters (`srbije`, `hrvatske`, `lietuvos`, `polski`), as a native writer
/// puts "Serbia's post" (`posta srbije`) in the genitive. Only the nominative is in the list.
fn country_codes_of(part: &str) -> &'static [&'static str] {
    if part.len() >= 5 {
        if let Some(codes) = COUNTRY_HOMES.get(part) {
            return codes;
        }
    }
    for cut in 1..=2 {
        let Some(stem) = part.get(..part.len().saturating_sub(cut)) else {
            continue;
        };
        if stem.len() < MIN_COUNTRY_STEM || cut >= part.len() {
            continue;
        }
        let mut nominative: SmallVec<[u8; 32]> = SmallVec::from_slice(stem.as_bytes());
        nominative.push(b'a');
        if let Some(codes) = std::str::from_utf8(&nominative)
            .ok()
            .and_then(|n| COUNTRY_HOMES.get(n))
        {
            return codes;
        }
    }
    &[]
}

/// The lure words that name the one step a phishing page exists for, whoever it imitates: signing in,
/// verifying or confirming, a refund or payout, unblocking, identity checks (KYC, one-time codes),
/// "online banking", re-registering one's data, and disputes; English and the same words in the
/// languages of [`LURE_WORDS`] (ASCII, without diacritics: a label with them is folded first,
/// [`super::translit::fold_word`]). Narrower than [`LURE_WORDS`]: no product, parcel, support, service,
/// shop or portal words, which real companies put beside their names (`acme-support`, `acme-delivery`).
/// Beside another word on a hyphenated domain nobody lists, one of them is bait without any protected
/// name ([`unlisted_combo`]).
const STRONG_LURES: &[&str] = &[
    // A creator's payout appeal: the step a page imitating a video or social platform's partner
    // programme exists for (`<platform>-monetization-support`).
    "monetization",
    "monetisation",
    // Sign in
    "login",
    "logon",
    "signin",
    "signon",
    "anmelden",
    "anmeldung",
    "einloggen",
    "inloggen",
    "aanmelden",
    "connexion",
    "accedi",
    "entrar",
    "ingreso",
    "ingresar",
    "giris",
    "masuk",
    "dangnhap",
    "logowanie",
    "prihlaseni",
    "prihlasenie",
    "prijava",
    "vhod",
    "voiti",
    "vhid",
    "kirjaudu",
    "kirjautuminen",
    "logga",
    "inlogning",
    "bejelentkezes",
    "autentificare",
    "denglu",
    "prisijungti",
    "eisodos",
    "syndesi",
    "dukhul",
    "tunnistautuminen",
    // Verify, confirm
    "verify",
    "verification",
    "validate",
    "validation",
    "confirm",
    "confirmation",
    "verificar",
    "verificacao",
    "verificacion",
    "verifica",
    "verificatie",
    "verificeren",
    "verifieer",
    "weryfikacja",
    "dogrulama",
    "dogrula",
    "onayla",
    // Arabic transliterated: verification (`tahqiq`, `tahaqquq`; the script's own word is in
    // [`SCRIPT_LURES`]).
    "tahqiq",
    "tahaqquq",
    "verifikasi",
    "konfirmasi",
    "xacminh",
    "xacthuc",
    "xacnhan",
    "overeni",
    "overenie",
    "bestaetigen",
    "bestatigen",
    "bestaetigung",
    "bestatigung",
    "verifizierung",
    "verifizieren",
    "bevestigen",
    "bevestiging",
    "potwierdz",
    "potwierdzenie",
    "potvrzeni",
    "potvrdenie",
    "potvrda",
    "provjera",
    "bekraeft",
    "bekraefte",
    "bekrafta",
    "verifiering",
    "vahvista",
    "vahvistus",
    "megerosites",
    "confirmare",
    "verificare",
    "pengesahan",
    "podtverdit",
    "podtverzhdenie",
    "pidtverdzhennya",
    "yanzheng",
    "injeung",
    "kakunin",
    "epalitheusi",
    "confirmer",
    "authentification",
    "satyapan",
    // Refunds and payouts
    "refund",
    "refunds",
    "rueckerstattung",
    "ruckerstattung",
    "erstattung",
    "remboursement",
    "rimborso",
    "reembolso",
    "devolucion",
    "devolucao",
    "terugbetaling",
    // Norwegian and Danish (a refund is a `refusjon`, `refusion`).
    "refusjon",
    "refusion",
    "vozvrat",
    "viplati",
    "viplata",
    "iade",
    "zwrot",
    "epistrofi",
    "rebate",
    "payout",
    // Unblocking
    "unlock",
    "unblock",
    "desbloqueo",
    "desbloqueio",
    "desbloquear",
    "entsperren",
    "entsperrung",
    "sblocco",
    "deblocage",
    "deblokkeren",
    "odblokuj",
    // Identity checks and one-time codes
    "kyc",
    "otp",
    "2fa",
    "mfa",
    // Online banking, as a bank's sign-in page is called
    "verkkopankki",
    "nettbank",
    "nettbanken",
    "netbank",
    "netbanking",
    "ebanking",
    "internetbanking",
    "onlinebanking",
    "homebanking",
    "bancaonline",
    "bancaenlinea",
    "internetbank",
    // The same page by the names Latin American and Iberian banks give it (read with its two words
    // joined: `sucursal-virtual`).
    "sucursalvirtual",
    "bancavirtual",
    "bancaporinternet",
    "bancaelectronica",
    "bancamovil",
    "bancadigital",
    "oficinavirtual",
    "oficinaonline",
    // A customer's own area, as banks, telcos and tax offices name their sign-in page (two words
    // joined: `espace-client`, `area-clienti`, `min-side`), and sign in written as two words
    // (`iniciar-sesion`, `log-ind`, `logga-in`, `log-masuk`), romanised Japanese.
    "espaceclient",
    "espaceclients",
    "areacliente",
    "areaclientes",
    "areaclienti",
    "minside",
    "minesider",
    "mijnomgeving",
    "iniciarsesion",
    "logind",
    "logginn",
    "loggain",
    "logmasuk",
    "roguin",
    // Re-registering one's data, and disputes
    "recadastramento",
    "recadastrar",
    "regularizar",
    "regularizacao",
    "aclaracion",
    "aclaraciones",
    "aktualisierung",
    "kundendaten",
    "datenabgleich",
];

/// [`STRONG_LURES`] in the scripts whose users' own domains are written in them (a phisher imitating a
/// Korean, Japanese, Chinese, Greek, Arabic, Hebrew, Thai or Indian service writes the lure word in its
/// script: `<name>-로그인.com`). Cyrillic labels are read transliterated and meet the ASCII words.
pub(super) const SCRIPT_LURES: &[&str] = &[
    // Korean: log in, identity verification, identity check, refund, tax refund (not the bare word
    // for verification, which also means a product's certification)
    "로그인",
    "본인인증",
    "본인확인",
    "환불",
    "환급",
    // Japanese: log in, identity check, refund, tax refund
    "ログイン",
    "本人確認",
    "返金",
    "還付",
    // Chinese: log in, verification, refund, tax refund
    "登录",
    "登錄",
    "登入",
    "验证",
    "驗證",
    "退款",
    "退税",
    "退稅",
    // Greek (marks folded away): log in, verification, refund
    "συνδεση",
    "επαληθευση",
    "επιστροφη",
    // Arabic: log in, verify, refund
    "دخول",
    "تسجيل",
    "تحقق",
    "استرداد",
    // Hebrew: log in, verification, refund
    "כניסה",
    "אימות",
    "החזר",
    // Thai: log in, confirm, refund
    "เข้าสู่ระบบ",
    "ยืนยัน",
    "คืนเงิน",
    // Hindi: log in, verification, refund
    "लॉगिन",
    "सत्यापन",
    "रिफंड",
];

/// Words of a registrable label that bait only a name leading a subdomain in front of it
/// (`<name>.pdf-view.site`, `<name>-store.free-<currency>.net`): something given away for nothing and
/// a document shown, in the languages of the lure words. Beside a name in the registrable label they
/// are a shop's or a fan site's words (`<name>-free-fonts.com`) and stay out of [`is_lure`]; a name in
/// front of a domain made of them is no partner's or tenant's host (those sit under the partner's or
/// provider's own listed domain) but the bait of a free offer or a shared file.
const SUBDOMAIN_BAIT: &[&str] = &[
    // Given away for nothing.
    "free",
    "freebie",
    "gratis",
    "gratuit",
    "gratuite",
    "gratuito",
    "gratuita",
    "kostenlos",
    "umsonst",
    "darmowe",
    "darmowy",
    "darmowa",
    "zdarma",
    "zadarmo",
    "ingyen",
    "ingyenes",
    "bedava",
    "ucretsiz",
    "besplatno",
    "besplatan",
    "besplatni",
    "besplatnyy",
    "besplatnyi",
    "bezplatno",
    "ilmainen",
    "mienphi",
    "percuma",
    // A document or file shown or shared.
    "pdf",
    "view",
    "viewer",
    "preview",
    "file",
    "files",
    "fichier",
    "fichiers",
    "datei",
    "dateien",
    "archivo",
    "archivos",
    "arquivo",
    "arquivos",
    "documento",
    "documentos",
    "dokument",
    "dokumente",
    "plik",
    "pliki",
    "dosya",
    "berkas",
    "visualizar",
    "visualizza",
    "voir",
    "ansicht",
    "podglad",
    "goruntule",
];

/// Whether a (folded) part of a registrable label baits a name leading a subdomain ([`SUBDOMAIN_BAIT`]).
fn subdomain_bait(part: &str) -> bool {
    SUBDOMAIN_BAIT.contains(&part)
}

/// English sign-in, verify, refund and unblock words that stay bait glued to another word
/// (`acmelogin`, `verifyacme`): long enough to be no part of an ordinary word by accident.
const GLUED_STRONG_LURES: &[&str] = &["login", "signin", "verify", "refund", "unlock"];

/// Whether a (folded) part of a host's label is a strong lure word ([`STRONG_LURES`], [`SCRIPT_LURES`],
/// or [`GLUED_STRONG_LURES`] glued to another word).
pub(super) fn strong_lure(part: &str) -> bool {
    STRONG_LURES.contains(&part)
        || SCRIPT_LURES.contains(&part)
        || stem_lure(part)
        || GLUED_STRONG_LURES
            .iter()
            .any(|w| part.len() > w.len() + 1 && (part.starts_with(w) || part.ends_with(w)))
}

/// The word for the post office in the languages of the lure words, as national posts name themselves
/// (`posta`, `poczta`, `pochta`, `correo`, `poste`): folded, as [`STRONG_LURES`] are.
const POSTAL_WORDS: &[&str] = &[
    "post",
    "posta",
    "poste",
    "posti",
    "postal",
    "poczta",
    "pochta",
    "poshta",
    "posten",
    "correo",
    "correos",
    "correio",
    "correios",
    "postnord",
    "postes",
    "tachydromeio",
];

/// Whether a (folded) part of a label is a post office's word ([`POSTAL_WORDS`]), or ends a name with
/// one glued (`<country>post`, from eight letters: shorter ones are words such as `compost`).
fn postal_word(part: &str) -> bool {
    POSTAL_WORDS.contains(&part)
        || (part.len() >= 8 && part.ends_with("post"))
        || COURIER_ENDINGS
            .iter()
            .any(|w| part.len() >= w.len() + 2 && part.ends_with(w))
}

/// Words a courier's coined name ends in (`<initials>express`, `<name>kurier`): such a name beside a
/// parcel or fee word is a courier's parcel message, as a post office's word is ([`postal_word`]).
const COURIER_ENDINGS: &[&str] = &["express", "kurier", "courier"];

/// A hyphenated label (folded: [`super::translit::fold_word`]) that is a name beside a strong lure word
/// ([`strong_lure`]), whatever the name: `acmebank-giris`, `tax-agency-refund`, `<name>-로그인`. Returns
/// the name part and the lure part. The name is a part of two letters or more that is no lure, affix or
/// project word and not all digits. A company signs its customers in on `login.<its domain>`, not on a
/// second domain that says so; no list of brands is needed, so a regional bank or agency that no list
/// carries is caught as a global one is. The registrable domain being on the shipped list is checked
/// before (a listed site is itself).
pub(super) fn unlisted_combo(label: &str) -> Option<(&str, &str)> {
    if !label.contains('-') {
        return None;
    }
    let parts: SmallVec<[&str; 8]> = label.split('-').filter(|p| !p.is_empty()).collect();
    if parts.len() < 2 {
        return None;
    }
    // A post office's word beside any lure word (`<country>-posta-<parcel word>`): the national
    // post is the most imitated sender of parcel-fee messages, and no list carries every country's.
    let postal = parts.iter().copied().find(|p| postal_word(p));
    if let Some(post) = postal {
        if let Some(lure) = parts.iter().copied().find(|p| *p != post && is_lure(p)) {
            return Some((post, lure));
        }
    }
    // A lure word is one part, or two or three neighbouring parts joined: languages written in syllables set
    // apart by hyphens in a host (Vietnamese `xac-thuc`, `dang-nhap`; pinyin `deng-lu`), and phrases
    // (`sucursal-virtual`, `home-banking`) are one word to the reader.
    let mut joined = String::new();
    let (at, n) = parts
        .iter()
        .position(|p| strong_lure(p))
        .map(|at| (at, 1))
        .or_else(|| {
            (2..=3).find_map(|k| {
                parts
                    .windows(k)
                    .position(|w| {
                        joined.clear();
                        w.iter().for_each(|p| joined.push_str(p));
                        joined.len() <= 32 && strong_lure(&joined)
                    })
                    .map(|at| (at, k))
            })
        })?;
    // The lure's text in the label: the part, or the parts with the hyphens between them.
    let lure = if n == 1 {
        parts.get(at).copied()?
    } else {
        let (first, second) = (parts.get(at)?, parts.get(at + n - 1)?);
        let start = (first.as_ptr() as usize).checked_sub(label.as_ptr() as usize)?;
        let end = (second.as_ptr() as usize).checked_sub(label.as_ptr() as usize)? + second.len();
        label.get(start..end)?
    };
    let others = || {
        parts
            .iter()
            .enumerate()
            .filter(move |(j, _)| !(at..at + n).contains(j))
            .map(|(_, p)| *p)
    };
    // The name beside the lure word; a country's name is shown only when no other is there
    // (`sverige-verifiera`: the country's own service posed).
    let name = others()
        .find(|p| {
            p.chars().count() >= 2
                && !p.chars().all(|c| c.is_ascii_digit())
                && *p != "www"
                && !strong_lure(p)
                && !is_lure(p)
                && !AFFIX_WORDS.contains(p)
                && !PROJECT_WORDS.contains(p)
                && !country_word(p)
        })
        .or_else(|| others().find(|p| country_word(p)))
        // A label made only of lure words (`<identity scheme>-<verify>`, `secure-<sign in>`) names no
        // business of its own: the weak lure word beside the strong one is what it poses as. Two- and
        // three-letter words (`my`, `id`, `app`) and affix words are too plain to pose as anything.
        .or_else(|| others().find(|p| p.len() >= 4 && is_lure(p) && !AFFIX_WORDS.contains(p)))?;
    Some((name, lure))
}

/// Whether a part of a host's label says the page is a project about a name ([`PROJECT_WORDS`]).
pub(super) fn project_word(part: &str) -> bool {
    PROJECT_WORDS.contains(&part)
}

/// Whether a three-letter name reads as initials, not a syllable or a word: its middle letter is no
/// vowel (`dhl`, `irs`, `sbi`, `ups`; not `get`, `box`, `key`, `duo`).
fn reads_as_initials(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() == 3
        && b.iter().all(u8::is_ascii_alphanumeric)
        && b.get(1).is_some_and(|m| !b"aeiouy".contains(m))
}

/// (urls21) Whether a registrable domain is a two-letter country code under `.com`, `.net` or `.org`
/// (`kz.com`, `us.org`): a zone its owner sells on as that country's ending, as the listed
/// [`PSEUDO_COUNTRY_ZONES`] are, whether or not the public suffix list names it.
pub(super) fn country_code_under_generic(reg: &str) -> bool {
    reg.split_once('.')
        .is_some_and(|(cc, generic)| matches!(generic, "com" | "net" | "org") && country_code(cc))
}

/// Whether a host label's part is a two-letter country code (a country's top-level domain: `at`, `jp`).
fn country_code(part: &str) -> bool {
    part.len() == 2
        && part.bytes().all(|b| b.is_ascii_lowercase())
        && psl::suffix(part.as_bytes())
            .is_some_and(|s| s.is_known() && s.as_bytes() == part.as_bytes())
}

/// Country codes a hyphenated name ends in for reasons of its own: a developer's region (`-us`, `-eu`,
/// `-uk`) or a department's or trade's initials (`-hr`, `-it`, `-pr`, `-ai`, `-tv`).
const NOT_A_BRANCH_CODE: &[&str] = &["us", "eu", "uk", "hr", "it", "pr", "ai", "tv"];

/// A label `<name>-<cc>[-<more>]`: a service's "country branch" as phishers name it (`<wallet>-dz`,
/// `<telco>-lk`). The name is a word of four letters or more that is no lure, affix or project word.
/// Returns the name, the code and the parts after them.
fn branch_of(label: &str) -> Option<(&str, &str, SmallVec<[&str; 6]>)> {
    let mut parts = label.split('-');
    let name = parts.next()?;
    let cc = parts.next()?;
    let rest: SmallVec<[&str; 6]> = parts.take(6).collect();
    let plain = name.len() >= MIN_SKELETON && name.bytes().all(|b| b.is_ascii_lowercase());
    let code = country_code(cc) && !NOT_A_BRANCH_CODE.contains(&cc);
    let named = !is_lure(name) && !AFFIX_WORDS.contains(&name) && !PROJECT_WORDS.contains(&name);
    let project = rest.iter().any(|p| PROJECT_WORDS.contains(p));
    (plain && code && named && !project).then_some((name, cc, rest))
}

/// A name posed as a country's branch where no branch would be (rule `url.host.brand`), with no list
/// of brands: `own` are the host's labels less its public suffix (registrable label last).
/// - on a hosting service (`hosted`), the page's label `<name>-<cc>` (`<wallet>-dz.firebaseapp.com`),
///   or with a lure word after it (`<pay>-uz-bonus.netlify.app`): a company's country site is on its
///   own domain, and a developer's region is `-us`/`-eu`;
/// - a subdomain `<name>-<cc>` of a registrable label of two words or more, one a lure word
///   (`<telco>-lk.reload-bonus.com`): a lure domain carrying the brand it poses as;
/// - a registrable label `<name>-<cc>-<lure>` (`<pay>-uz-bonus.com`);
/// - under a generic ending (`generic`), a registrable label `<name>-<cc>` whose name is a toll, fine
///   or customs word glued to initials (`<initials>toll-<cc>.com`): the fee notice's sender posed as
///   the country's own service, which would be under the country's ending.
///
/// Returns the name and the code.
pub(super) fn country_branch<'a>(
    own: &[&'a str],
    hosted: bool,
    generic: bool,
) -> Option<(&'a str, &'a str)> {
    let (&last, subs) = own.split_last()?;
    if generic && !hosted {
        if let Some((name, cc)) = last.split_once('-') {
            let fee = FEE_WORDS
                .iter()
                .any(|w| name.len() > w.len() && (name.ends_with(w) || name.starts_with(w)));
            let code = country_code(cc) && !NOT_A_BRANCH_CODE.contains(&cc);
            if fee && code && name.bytes().all(|b| b.is_ascii_lowercase()) {
                return Some((name, cc));
            }
        }
    }
    if hosted {
        let (name, cc, rest) = branch_of(last)?;
        // (urls15) `my` is English as well as Malaysia's code, and a service names a user's own area
        // with it: every SharePoint tenant's OneDrive is `<tenant>-my.sharepoint.com`. Alone after a
        // name it is that word; a lure word after it still makes it a branch posed.
        let alone = rest.is_empty() && name.len() >= MIN_SKELETON && cc != "my";
        return (alone || rest.iter().any(|p| is_lure(p))).then_some((name, cc));
    }
    let reg_parts: SmallVec<[&str; 6]> = last.split('-').take(6).collect();
    if let Some((name, cc, rest)) = subs.last().and_then(|s| branch_of(s)) {
        if rest.is_empty() && reg_parts.len() >= 2 && reg_parts.iter().any(|p| is_lure(p)) {
            return Some((name, cc));
        }
    }
    // A registrable label made only of lure words (`secure-update`, `<parcel>-<pending>`, one strong
    // lure such as a language's "confirm") names no business: the subdomain `<name>-<cc>` before it
    // is the brand posed, and three-letter initials are enough there (banks and posts are known by
    // them).
    let only_lures = if reg_parts.len() >= 2 {
        reg_parts.iter().all(|p| is_lure(p) || strong_lure(p))
    } else {
        reg_parts.iter().all(|p| strong_lure(p))
    };
    if only_lures {
        // (urls15) Any name's branch, not only initials: the domain names no business, so the
        // `<name>-<cc>` before it is the service it poses as, whatever the name's length
        // (`<identity app>-se.<identify>.com`).
        let branch = subs.last().and_then(|s| {
            initials_branch(s)
                .or_else(|| bare_branch(s))
                .or_else(|| postal_branch(s))
        });
        if let Some((name, cc)) = branch {
            return Some((name, cc));
        }
    }
    let (name, cc, rest) = branch_of(last)?;
    rest.iter()
        .any(|p| strong_lure(p) || REWARD_WORDS.contains(p))
        .then_some((name, cc))
}

/// A label `<initials>-<cc>` of exactly two parts whose name is two or three ASCII letters that are no lure,
/// affix or project word (`abc-ie`): a short name's "country branch", read only where the domain
/// after it says nothing but lure words ([`country_branch`]).
fn initials_branch(label: &str) -> Option<(&str, &str)> {
    let (name, cc) = label.split_once('-')?;
    // (urls15) Two letters too: banks and posts are known by two as by three (`op.fi`, `mb`), and the
    // domain after it is only lure words.
    let plain = (2..=3).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_lowercase());
    let code = country_code(cc) && !NOT_A_BRANCH_CODE.contains(&cc);
    let named = !is_lure(name)
        && !AFFIX_WORDS.contains(&name)
        && !PROJECT_WORDS.contains(&name)
        && !matches!(name, "www" | "api" | "cdn" | "app" | "web" | "dev");
    (plain && code && named).then_some((name, cc))
}

/// (urls15) A label `<name>-<cc>` of exactly two parts, the name four ASCII letters or more that is no
/// strong lure, affix or project word: read only where the domain after it says nothing but lure words
/// ([`country_branch`]). Unlike [`branch_of`] a weak lure word or a name that starts with one is a name
/// here (an identity scheme's `bankid`, `<x>secure`): beside lure words only, it is what the domain
/// poses as, as in [`unlisted_combo`].
fn bare_branch(label: &str) -> Option<(&str, &str)> {
    let (name, cc) = label.split_once('-')?;
    let plain = name.len() >= MIN_SKELETON && name.bytes().all(|b| b.is_ascii_lowercase());
    let code = country_code(cc) && !NOT_A_BRANCH_CODE.contains(&cc);
    let named =
        !strong_lure(name) && !AFFIX_WORDS.contains(&name) && !PROJECT_WORDS.contains(&name);
    (plain && code && named).then_some((name, cc))
}

/// (urls15) A label of two parts, a post office's word and a country's name in any of its forms
/// (`posta-<country in the genitive>`, `<country>-post`): the national post posed, read only where the
/// domain after it says nothing but lure words ([`country_branch`]), as parcel-fee messages send to
/// `<post>-<country>.<parcel>-<customs>.com`. The country part is any plain word of two letters or more
/// (languages inflect a country's name, and no list holds every form); returns the post's word and it.
fn postal_branch(label: &str) -> Option<(&str, &str)> {
    let (a, b) = label.split_once('-')?;
    let plain = |p: &str| p.len() >= 2 && p.bytes().all(|c| c.is_ascii_lowercase());
    if !plain(a) || !plain(b) || is_lure(a) && is_lure(b) {
        return None;
    }
    if postal_word(a) && !postal_word(b) {
        Some((a, b))
    } else if postal_word(b) && !postal_word(a) {
        Some((b, a))
    } else {
        None
    }
}

/// Words of the fees a smishing notice claims are unpaid ([`country_branch`]).
const FEE_WORDS: &[&str] = &["toll", "tolls", "fines", "penalty", "customs", "parking"];

/// The prize words of giveaway lures ([`country_branch`]).
pub(super) const REWARD_WORDS: &[&str] = &[
    "bonus", "reward", "rewards", "gift", "gifts", "prize", "claim", "winner", "redeem",
    "cashback", "inam", "hadiah",
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
    /// From the long tail of the list (tag `tail`): matched by skeleton, affixes, subdomains and lure words
    /// from [`MIN_TAIL`] letters, never by one edit.
    pub(super) tail: bool,
    /// Whether one of its listed domains is under a generic ending (`.com`, `.org`, a new one): a global
    /// name, not only a country's.
    generic_home: bool,
    /// The country codes of its listed domains' endings (`kz`, `ph`), each once.
    country_homes: SmallVec<[[u8; 2]; 2]>,
}

impl TopBrand {
    /// Whether one of its listed domains is under the country ending `cc` (`ee` for `lhv.ee`, `gh` for
    /// `mtn.com.gh`).
    pub(super) fn home_in(&self, cc: &str) -> bool {
        self.country_homes
            .iter()
            .any(|h| h.as_slice() == cc.as_bytes())
    }

    /// Whether one of its listed domains is under a generic ending (a global name, not only a
    /// country's).
    pub(super) fn global(&self) -> bool {
        self.generic_home
    }

    /// Whether a look-alike of this name (skeleton, swap, affixes) counts: every top-tier name, and the
    /// long tail's from [`MIN_TAIL`] letters.
    fn matchable(&self) -> bool {
        !self.tail || self.folded.chars().count() >= MIN_TAIL
    }
}

/// The shipped list, indexed. See the module doc.
#[derive(Debug, Default)]
pub(super) struct TopSites {
    /// Registrable domains on the list (ASCII).
    known: HashSet<String, foldhash::fast::RandomState>,
    /// Registrable domains tagged `redirector`.
    redirectors: HashSet<String, foldhash::fast::RandomState>,
    /// Registrable domains tagged `hosting`: site builders whose subdomains are pages anyone publishes,
    /// which the public suffix list's private section does not name (`weebly.com`).
    hosting: HashSet<String, foldhash::fast::RandomState>,
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
    /// Positions of the top-tier names of three letters by their skeleton (`dhl` as `clhl`), for
    /// [`TopSites::short_skeleton`].
    short_folded: HashMap<String, usize, foldhash::fast::RandomState>,
    /// Country codes with a listed domain directly under them (`tbcbank.ge`): the list knows where that
    /// country's companies register.
    cc_direct: HashSet<[u8; 2], foldhash::fast::RandomState>,
    /// Second-level endings with a listed domain under them (`com.br`, `co.uk`): zones where the
    /// country's companies, and multinationals' country sites, are known to live.
    cc_zones: HashSet<String, foldhash::fast::RandomState>,
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
            let (mut redirector, mut tail, mut hosting, mut unprotected) =
                (false, false, false, false);
            for w in words {
                redirector |= w == "redirector" || w == "tenant" || w == "hosting";
                tail |= w == "tail";
                hosting |= w == "hosting";
                unprotected |= w == "unprotected";
            }
            if hosting {
                t.hosting.insert(reg.clone());
            }
            // Redirectors, sign-in providers' tenant domains (anyone can have a page there) and the long
            // tail (its sites vouched for by nobody) are protected from imitation, never trusted as
            // where a well-known site's link sends you.
            if redirector || tail {
                t.redirectors.insert(reg.clone());
            }
            let label = reg.split('.').next().unwrap_or("").to_string();
            match reg.get(label.len() + 1..) {
                Some(zone) if zone.contains('.') => {
                    t.cc_zones.insert(zone.to_string());
                }
                Some(_) => {
                    if let Some(cc) = home_of(&reg) {
                        t.cc_direct.insert(cc);
                    }
                }
                None => {}
            }
            t.known.insert(reg.clone());
            // A documentation domain (`example.com`) is what it says, but nobody's name to imitate.
            if unprotected {
                continue;
            }
            let home = home_of(&reg);
            if let Some(&at) = t.by_label.get(&label) {
                // A name on several domains is shown by its `.com` one when it has one.
                if let Some(b) = t.brands.get_mut(at) {
                    match home {
                        Some(cc) if !b.country_homes.contains(&cc) => b.country_homes.push(cc),
                        Some(_) => {}
                        None => b.generic_home = true,
                    }
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
            if label.len() == MIN_CHEAP && !tail {
                t.short_folded.entry(folded.clone()).or_insert(at);
            }
            if folded.chars().count() >= MIN_SKELETON {
                t.by_folded.entry(folded.clone()).or_default().push(at);
                t.by_collapsed.entry(collapsed).or_default().push(at);
            }
            // The long tail is matched by one edit only from [`MIN_TAIL_EDIT`] letters: no neighbourhood
            // (and no memory for one) below.
            if label.len() >= MIN_SKELETON && (!tail || label.len() >= MIN_TAIL_EDIT) {
                if folded.is_ascii() {
                    add_neighbourhood(&mut t.near_folded, &folded, at);
                }
                add_neighbourhood(&mut t.near_raw, &label, at);
            }
            t.brands.push(TopBrand {
                label,
                folded,
                domain: reg,
                tail,
                generic_home: home.is_none(),
                country_homes: home.into_iter().collect(),
            });
        }
        t
    }

    /// Whether a registrable domain (ASCII) is on the list.
    pub(super) fn is_known(&self, reg: &str) -> bool {
        self.known.contains(reg)
    }

    /// Whether a registrable domain is a site builder's (tag `hosting`): its subdomains are pages anyone
    /// publishes, judged like those of a hosting service's public suffix.
    pub(super) fn is_hosting(&self, reg: &str) -> bool {
        self.hosting.contains(reg)
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
        .find(|b| b.label != label && b.matchable())
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
        // (urls18) Two techniques composed: a hyphen put into a long name and one of its letters shown
        // by a look-alike (`acme-lnternational` for `acmeinternational`). Long names only: two words
        // of a short one joined make a look-alike of something by accident.
        if label.contains('-') && label.is_ascii() {
            let plain: String = label.chars().filter(|&c| c != '-').collect();
            if let Some(b) = self
                .visual_swap(&plain)
                .filter(|b| b.label.len() >= MIN_HYPHEN_SWAP && !b.label.contains('-'))
            {
                return Some(b);
            }
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
    /// an edit; `index` is that form's deletion neighbourhood. A plural name is not matched by its singular
    /// when that is a word ([`TopSites::singular_is_word`]).
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
                // An ordinary word as written (`market` beside `gmarket`) or as compared: the folded
                // text writes `m` as `rn`, so the word is looked up as written too.
                b.label != label
                    && !ordinary_near(text)
                    && !ordinary_near(label)
                    && (!b.tail || b.label.len() >= MIN_TAIL_EDIT)
                    && !self.singular_is_word(text, f)
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

    /// The top-tier name shorter than `min_edit` letters that `label` is one slip of the hand from, for
    /// names of five letters or more (a neighbouring key, a flipped bit, two neighbours swapped: `fedez`,
    /// `bxbit`), or one look-alike letter from (`ltau`, `pypj`), or the name with a letter doubled
    /// (`dhhl`): a weak sign on its own (any edit turns short names into ordinary words, `cello` beside
    /// `cellc`), which the page's own words confirm (`super::path_bait::weak_host`).
    pub(super) fn near_short(&self, label: &str, min_edit: usize) -> Option<&TopBrand> {
        if !label.is_ascii() || label.len() + 1 < MIN_SKELETON || label.len() > min_edit {
            return None;
        }
        // A common word one look-alike letter or one bit from a four-letter name (`bill` beside `bild`,
        // both real companies' domains) is that word: a sign-in page on it is its own.
        if super::short_confusable::is_word(label) {
            return None;
        }
        // A letter typed twice in a name of three letters or more (`dhhl`).
        let collapsed = collapse_runs(label);
        if collapsed != label {
            if let Some(b) = self
                .exact(&collapsed)
                .filter(|b| !b.tail && b.label.len() >= MIN_CHEAP && b.label.len() < min_edit)
            {
                return Some(b);
            }
        }
        let mut candidates: SmallVec<[usize; 8]> = SmallVec::new();
        let mut look = |key: &str| {
            if let Some(found) = self.near_raw.get(key) {
                candidates.extend(found.iter().copied());
            }
        };
        look(label);
        let mut key = String::with_capacity(label.len());
        for i in 0..label.len() {
            key.clear();
            key.push_str(label.get(..i).unwrap_or(""));
            key.push_str(label.get(i + 1..).unwrap_or(""));
            look(&key);
        }
        candidates.sort_unstable();
        candidates.dedup();
        candidates
            .into_iter()
            .filter_map(|i| self.brands.get(i))
            .find(|b| {
                let n = b.label.len();
                !b.tail
                    && b.label != label
                    && n >= MIN_SKELETON
                    && n < min_edit
                    && !singular_of(label, &b.label)
                    && (one_look_alike_letter(label.as_bytes(), b.label.as_bytes())
                        // One bit of one letter flipped (`pyqi` for `pypi`: 0x70 to 0x71),
                        // dnstwist's bitsquatting: a memory error's lookup, or a phisher's pick
                        // of a letter few readers check in a four-letter name.
                        || bit_flipped_letter(label.as_bytes(), b.label.as_bytes())
                        || (n >= MIN_VISUAL
                            && (slip_of(label.as_bytes(), b.label.as_bytes())
                                // One letter left out inside the name (`fedx`): the typo a reader
                                // fills in without noticing, as a letter put inside is.
                                || inserted_inside(b.label.as_bytes(), label.as_bytes()))))
            })
            .or_else(|| self.vowels_exchanged(label, min_edit))
    }

    /// (urls17) The top-tier name of three or four letters whose listed domain the registrable domain
    /// `label.ending` is one slip of: the same ending, and a three-letter name with one letter shown as a
    /// letter of the same outline (`alb.ie` for `aib.ie`: `l` and `i`, `u` and `v`, `c` and `e`), or a
    /// four-letter name with a vowel left out inside (`ubr.com` for `uber.com`: the consonants a reader
    /// reads a short name by are all there). A weaker sign than [`TopSites::near_short`]'s, which only a
    /// sign-in step of the page confirms (`super::path_bait::weak_host`). Other slips of so short a name
    /// (a letter put in, a neighbouring key, any letter left out, any look-alike) make other companies'
    /// initials and words as often (`build` of `bild`, `hub` of `hvb`, `ali` of `aldi`: about one
    /// `<word>.com/login` in a hundred of eleven languages' common words), and are not read; a common
    /// word (`data/ordinary_near.txt`, `data/confusable_words.txt`) or a listed name is itself.
    pub(super) fn short_slip(&self, label: &str, ending: &str) -> Option<&TopBrand> {
        let n = label.len();
        if !(MIN_CHEAP..MIN_SKELETON).contains(&n)
            || !label.bytes().all(|b| b.is_ascii_lowercase())
            || self.exact(label).is_some()
            || super::short_confusable::is_word(label)
            || ordinary_near(label)
        {
            return None;
        }
        let a = label.as_bytes();
        self.brands.iter().find(|b| {
            let f = b.label.as_bytes();
            let slip = match f.len() {
                MIN_CHEAP => same_shape_letter(a, f),
                MIN_SKELETON => vowel_left_out(f, a),
                _ => false,
            };
            slip && !b.tail && self.is_known(&format!("{}.{ending}", b.label))
        })
    }

    /// The top-tier name of [`MIN_VISUAL`] letters or more, shorter than `min_edit`, whose two vowels one
    /// letter apart `label` writes the other way round (`nevar` for `naver`, `razor` beside `rozar`): the
    /// slip a reader's eye skips, as it reads a short word by its outline and its consonants. Two
    /// substitutions, so no deletion neighbourhood finds it; the (at most three) exchanged spellings are
    /// looked up instead. A common English word (`prize` beside `prezi`, `rides` beside `redis`: in
    /// `data/ordinary_near.txt`) is that word.
    fn vowels_exchanged(&self, label: &str, min_edit: usize) -> Option<&TopBrand> {
        const MAX: usize = 16;
        let bytes = label.as_bytes();
        let n = bytes.len();
        if n < MIN_VISUAL || n >= min_edit || n > MAX || !label.is_ascii() || ordinary_near(label) {
            return None;
        }
        let vowel = |c: u8| b"aeiou".contains(&c);
        let mut buf = [0u8; MAX];
        (0..n.saturating_sub(2)).find_map(|i| {
            let (x, y) = (*bytes.get(i)?, *bytes.get(i + 2)?);
            if x == y || !vowel(x) || !vowel(y) {
                return None;
            }
            let spelt = buf.get_mut(..n)?;
            spelt.copy_from_slice(bytes);
            *spelt.get_mut(i)? = y;
            *spelt.get_mut(i + 2)? = x;
            let other = std::str::from_utf8(spelt).ok()?;
            self.exact(other).filter(|b| !b.tail && b.label.len() == n)
        })
    }

    /// The top-tier name of three or four letters that `label` is once affix words are taken off, glued
    /// (`ingsecure`, `upsonline`), or with two neighbours swapped as well (`hbsconline`): below
    /// [`MIN_AFFIX`] + 1 letters a glued name is a syllable as often as a name, a weak sign that the page
    /// confirms (`super::path_bait::weak_host`).
    pub(super) fn short_with_affixes(&self, label: &str) -> Option<&TopBrand> {
        if !label.is_ascii() {
            return None;
        }
        strip_affixes(label).find_map(|(rest, _)| {
            let short = |b: &&TopBrand| {
                !b.tail
                    && (MIN_CHEAP..=MIN_AFFIX).contains(&b.label.len())
                    && !AFFIX_WORDS.contains(&b.label.as_str())
                    && !LURE_WORDS.contains(&b.label.as_str())
            };
            self.exact(rest).filter(short).or_else(|| {
                let n = rest.len();
                (n == MIN_AFFIX)
                    .then(|| {
                        self.brands.iter().find(|b| {
                            short(b) && swapped_neighbours(rest.as_bytes(), b.label.as_bytes())
                        })
                    })
                    .flatten()
            })
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
                    let min_len = if b.tail { min_len + 1 } else { min_len };
                    // By the name as written: the skeleton of `zoom` is five letters.
                    b.label.chars().count() >= min_len
                        && b.matchable()
                        && !AFFIX_WORDS.contains(&b.label.as_str())
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
                // Two letters read as one (`vv` for `w`, `rn` for `m`) make no ordinary word by accident:
                // they count for four-letter names too (`vvise`); one letter for another from five.
                let min = if from.len() > 1 {
                    MIN_SKELETON
                } else {
                    MIN_VISUAL
                };
                let found = self
                    .same_skeleton_folded(label, &fold(&variant))
                    .filter(|b| b.folded.chars().count() >= min);
                if found.is_some() {
                    return found;
                }
                start = at + 1;
            }
        }
        None
    }

    /// The protected name a host that is not the name's own carries as bait ([`LURE_WORDS`]): `own` are the
    /// host's labels less its public suffix (the registrable label last), `hosted` the suffix when it is a
    /// hosting service's (the public suffix list's private section: `web.app`, `github.io`), whose
    /// pages anyone can publish. A label, a hyphen-separated part of one, or two or three neighbouring
    /// parts joined (`wells-fargo`), that
    /// - is a protected name (from [`MIN_SKELETON`] letters, the long tail's from [`MIN_TAIL`]), when a
    ///   lure word is elsewhere in the host's labels (`itau.seguro-acesso.com`, `kbank-verify.web.app`);
    /// - imitates one, or is one with affix words glued to it (`paypa1`, `kbanklogin`), when a lure word
    ///   is there, the page is on a hosting service, or it is a part of the registrable label
    ///   (`rakutem-card`, `santancler-mx`).
    ///
    /// The registrable label that is a name exactly (`kbank.net`) is the name's other domain or a swap of
    /// its top-level domain ([`TopSites::tld_swap`]), not judged here; nor is the hosting service's own
    /// name (`github` on `github.io`).
    ///
    /// `cheap`: the host is under a [`cheap_tld`], which is bait by itself (`booking-extranet.top`,
    /// `slack-app.webgate.cfd`). A country code as the last part of a label (`sparkasse-at`,
    /// `yamato-jp`) is a lure word too: it is how a phisher says "your country's branch". Beside a lure
    /// word on a hosting service or under a cheap top-level domain, top-tier names count from
    /// [`MIN_CHEAP`] letters (`dhl-tracking.weebly.com`).
    pub(super) fn lure_brand(
        &self,
        own: &[&str],
        hosted: Option<&str>,
        cheap: bool,
        min_edit: usize,
    ) -> Option<&TopBrand> {
        let host_name = |b: &TopBrand| hosted.is_some_and(|h| h.split('.').any(|l| l == b.label));
        // Lure words among the host's parts, other than those of the span `skip` (label, first part,
        // parts): a name is not its own bait (`checkout`).
        // For a name in the registrable label, only that label's words: a site's own sign-in host is
        // `auth.`, `login.` or `sso.` in front of its domain, whatever words the domain has
        // (`auth.example-shop.de`).
        let last = own.len().saturating_sub(1);
        // (urls18) Whether the span leads a subdomain label (the whole label or its first part), or no
        // span is read yet: then a registrable label's [`SUBDOMAIN_BAIT`] words count as lure words.
        let leads_sub =
            |skip: (usize, usize, usize)| skip.0 == usize::MAX || (skip.0 < last && skip.1 == 0);
        // How many parts besides the span are bait: a lure word, a country code ending a label, a
        // country's name (`<name>-sverige`), or a lure word written as two parts (`xac-thuc`).
        let words_count = |skip: (usize, usize, usize)| {
            own.iter()
                .enumerate()
                .filter(|&(i, _)| skip.0 != last || i == last)
                .map(|(i, l)| {
                    let n = l.split('-').count();
                    let outside =
                        |j: usize| !(i == skip.0 && (skip.1..skip.1 + skip.2).contains(&j));
                    let mut prev: Option<&str> = None;
                    let mut count = 0usize;
                    for (j, t) in l.split('-').enumerate() {
                        let joined =
                            prev.filter(|_| outside(j - 1) && outside(j))
                                .is_some_and(|p| {
                                    p.len() + t.len() <= 32 && strong_lure(&format!("{p}{t}"))
                                });
                        if outside(j)
                            && (is_lure(t)
                                || (i == last && leads_sub(skip) && subdomain_bait(t))
                                || country_word(t)
                                || joined
                                || (j > 0 && j + 1 == n && country_code(t)))
                        {
                            count += 1;
                        }
                        prev = Some(t);
                    }
                    count
                })
                .sum::<usize>()
        };
        let words_besides = |skip: (usize, usize, usize)| words_count(skip) > 0;
        // Whether a part besides the span names a country (`<name>-egypt-online`).
        let country_besides = |skip: (usize, usize, usize)| {
            own.get(skip.0).is_some_and(|l| {
                l.split('-')
                    .enumerate()
                    .any(|(j, t)| !(skip.1..skip.1 + skip.2).contains(&j) && country_word(t))
            })
        };
        let lure_besides = |skip: (usize, usize, usize)| cheap || words_besides(skip);
        // (urls18) A registrable label of two words or more, every one bait (`billing-center`,
        // `pdf-view`): a domain that names nothing but the lure, in front of which a name leading a
        // subdomain, three letters included, poses as the name's page.
        let reg_all_bait = own.len() > 1
            && own.last().is_some_and(|l| {
                l.split('-').count() > 1
                    && l.split('-')
                        .all(|t| is_lure(t) || AFFIX_WORDS.contains(&t) || subdomain_bait(t))
            });
        let any_lure = own.iter().any(|l| {
            let n = l.split('-').count();
            l.split('-').enumerate().any(|(j, t)| {
                is_lure(t) || country_word(t) || (j > 0 && j + 1 == n && country_code(t))
            })
        }) || words_besides((usize::MAX, 0, 0));
        if !any_lure && hosted.is_none() && !cheap {
            // Without a lure word or a hosting service only an imitation in the registrable label counts.
            if own.last().is_none_or(|l| !l.contains('-')) {
                return None;
            }
        }
        for (i, label) in own.iter().enumerate() {
            let is_reg = i == last;
            let parts: SmallVec<[&str; 8]> = label.split('-').collect();
            // A listed domain spelt with hyphens among other words (`x-com-verified`, `bank-mx-avisos`):
            // bait whatever the name's length, as the name and its own ending together are no accident.
            if let Some(b) = self
                .domain_spelt(&parts, is_reg || hosted.is_some())
                .filter(|b| !host_name(b))
            {
                return Some(b);
            }
            // On a hosting service, a label led by a name and followed by other words
            // (`acme-creator-fund`, `acme-file-share`) is the service's user posing as the name's
            // owner, unless the words say it is a project about it ([`PROJECT_WORDS`]).
            if hosted.is_some_and(|h| !CODE_HOSTS.contains(&h)) {
                // On a site builder (tag `hosting`: pages people make without code, not developers'
                // deployments) one more word is enough (`<name>-assure.<builder>.com`): nobody
                // publishes a project about a name there, and the name's owner has its own domain.
                let more = if hosted.is_some_and(|h| self.is_hosting(h)) {
                    1
                } else {
                    2
                };
                if let Some(b) = self.brand_led(&parts, more).filter(|b| !host_name(b)) {
                    return Some(b);
                }
            }
            // The whole label first (affix words glued and hyphenated), then each part, then neighbours
            // joined.
            let mut spans: SmallVec<[(usize, usize); 16]> = SmallVec::new();
            spans.push((0, parts.len()));
            for n in 1..=3usize.min(parts.len()) {
                for at in 0..=parts.len() - n {
                    if (at, n) != (0, parts.len()) {
                        spans.push((at, n));
                    }
                }
            }
            for &(at, n) in &spans {
                let Some(span) = parts.get(at..at + n) else {
                    continue;
                };
                let joined;
                let part: &str = if n == 1 {
                    span.first().copied().unwrap_or("")
                } else if n == parts.len() {
                    label
                } else {
                    joined = span.concat();
                    &joined
                };
                // A lure word is bait, not a name (nor a name's look-alike by chance).
                if part.is_empty()
                    || part == "www"
                    || LURE_WORDS.contains(&part)
                    || AFFIX_WORDS.contains(&part)
                    || (is_reg && part == *label && hosted.is_none())
                {
                    continue;
                }
                let lure = lure_besides((i, at, n));
                // Three-letter names need a lure word and a page anyone can publish or a cheap domain, or,
                // when they read as initials, to be a part of their own in the registrable label
                // (`dhl-sendung`, `irs-refund`): glued to words or in front of a domain they are
                // syllables and subdomains.
                // A country's name and another bait word besides (`<name>-egypt-online`: the name's
                // branch in that country) say it as well as initials do.
                let short_ok = words_besides((i, at, n))
                    && (hosted.is_some()
                        || cheap
                        // Three letters lead a subdomain label with another word after them
                        // (`<name>-premium.`): alone (`ads.`, `key.`, `get.`) they are a host's own
                        // service label as often as a name.
                        || (!is_reg
                            && at == 0
                            && n == 1
                            && parts.len() > 1
                            && reg_all_bait
                            && !parts.iter().skip(1).any(|p| project_word(p)))
                        || (is_reg
                            && n == 1
                            && parts.len() > 1
                            && (reads_as_initials(part)
                                || (words_count((i, at, n)) >= 2 && country_besides((i, at, n))))));
                // A name written with its own hyphen (`etc-meisai`, `rakuten-card`) is found in its
                // parts joined back with one.
                let hyphenated = (n > 1 && n < parts.len())
                    .then(|| span.join("-"))
                    .and_then(|h| self.exact(&h));
                let exact = hyphenated.or_else(|| self.exact(part)).filter(|b| {
                    let len = b.label.chars().count();
                    lure && (len >= if b.tail { MIN_TAIL } else { MIN_SKELETON }
                        || (!b.tail && len >= MIN_CHEAP && short_ok))
                        && !LURE_WORDS.contains(&b.label.as_str())
                        && !AFFIX_WORDS.contains(&b.label.as_str())
                });
                // Joined neighbours are read as a name only exactly: joined, a name's parts and the
                // words beside them make look-alikes by accident (`my-spotify-bot`).
                let single = n == 1 || n == parts.len();
                // A part that is a listed name is that name (`correos` beside `correios`), found as
                // such above or not at all.
                let imitation = (single
                    && self.exact(part).is_none()
                    && (lure || hosted.is_some() || (is_reg && parts.len() > 1)))
                    .then(|| {
                        (part.len() >= MIN_SKELETON)
                            .then(|| self.imitated(part, min_edit))
                            .flatten()
                            .or_else(|| self.with_affixes(part, min_edit))
                            .or_else(|| hosted.and_then(|_| self.glued_with_lure(part)))
                    })
                    .flatten();
                let found = exact.or(imitation).filter(|b| !host_name(b));
                if found.is_some() {
                    return found;
                }
                // Two techniques composed: a short name's typo or look-alike letter, each a weak sign
                // alone (`ltau`, `bkesh`, `clhl` for `dhl`), as a part of the registrable label beside a
                // lure word (`ltau-atualizacao`, `bkesh-offer`, `clhl-paket`).
                // (urls20) A three-letter name spelt with a digit for a letter (`dh1` for `dhl`) is the
                // second technique itself: no business writes its own name so, so any other word beside
                // it in the registrable label composes with it (`dh1-express`), not only a lure word; a
                // project's word (`-demo`) or a number does not.
                let digit_spelt = is_reg
                    && n == 1
                    && parts.len() > 1
                    && part.len() == MIN_CHEAP
                    && part.bytes().any(|b| b.is_ascii_digit())
                    && part.bytes().any(|b| b.is_ascii_lowercase())
                    && parts.iter().enumerate().all(|(j, p)| {
                        j == at
                            || (p.len() >= MIN_CHEAP
                                && p.bytes().all(|b| b.is_ascii_lowercase())
                                && !project_word(p))
                    });
                if digit_spelt {
                    if let Some(b) = self.short_skeleton(part).filter(|b| !host_name(b)) {
                        return Some(b);
                    }
                }
                let composed = (is_reg && n == 1 && parts.len() > 1 && words_besides((i, at, n)))
                    .then(|| {
                        self.near_short(part, min_edit)
                            .or_else(|| self.short_skeleton(part))
                            .or_else(|| self.bank_in_words(part))
                            .or_else(|| self.bank_word_before(part))
                    })
                    .flatten()
                    .filter(|b| !host_name(b));
                if composed.is_some() {
                    return composed;
                }
            }
        }
        None
    }

    /// The listed name a part of a hosting service's or storage bucket's page is, glued to a lure word
    /// and numbered as buckets and pages are (`<name>sign01`, `<name>billing2`, `verify<name>`): the
    /// name (of [`MIN_AFFIX`] + 1 letters or more, as glued affixes need) and a word of
    /// [`LURE_WORDS`] with nothing else but up to four digits at the end. Only on a page anyone
    /// publishes: glued, the same letters make other words on a domain of its own.
    fn glued_with_lure(&self, part: &str) -> Option<&TopBrand> {
        let core = part.trim_end_matches(|c: char| c.is_ascii_digit());
        if !part.is_ascii() || part.len() - core.len() > 4 || core.len() > 63 {
            return None;
        }
        let name = |text: &str| {
            self.exact(text).filter(|b| {
                b.label.len() > MIN_AFFIX
                    && b.matchable()
                    && !LURE_WORDS.contains(&b.label.as_str())
                    && !AFFIX_WORDS.contains(&b.label.as_str())
            })
        };
        (MIN_AFFIX + 1..core.len()).find_map(|k| {
            let (head, tail) = (core.get(..k)?, core.get(k..)?);
            let (other, lure) = (core.get(..core.len() - k)?, core.get(core.len() - k..)?);
            (LURE_WORDS.contains(&tail).then(|| name(head)).flatten())
                .or_else(|| LURE_WORDS.contains(&other).then(|| name(lure)).flatten())
        })
    }

    /// (urls19) The domain on the list, protected or not (`unprotected`: a government's or post's
    /// own domain whose name is a word), that the registrable label `label` spells whole with its dots
    /// typed as hyphens, under a country's ending (`<name>-<cc>` for `<name>.<cc>`, `<name>-gob-<cc>` for
    /// `<name>.gob.<cc>`), nothing beside it. [`TopSites::domain_spelt`] reads a protected name of
    /// [`MIN_SKELETON`] letters or more; this reads the short names and the word names too, as the
    /// country's code after the name is what makes the label that one domain: no site has a reason to
    /// spell another's domain as its own name, and a name meeting a country code by accident still has
    /// to meet the one country it is listed under (`<word>-de` is nobody's unless `<word>.de` is listed).
    pub(super) fn domain_hyphenated(&self, label: &str) -> Option<String> {
        let parts: SmallVec<[&str; 4]> = label.split('-').collect();
        if !(2..=3).contains(&parts.len()) {
            return None;
        }
        let (name, cc) = (parts.first()?, parts.last()?);
        let letters = |w: &str| w.bytes().all(|b| b.is_ascii_lowercase());
        if cc.len() != 2 || !letters(cc) || name.len() < 2 || parts.iter().any(|p| p.is_empty()) {
            return None;
        }
        let domain = parts.join(".");
        self.is_known(&domain).then_some(domain)
    }

    /// (urls20) The listed domain `<name>.<cc>` that the registrable label `label` names by its name
    /// and its country's name, glued or hyphenated, perhaps with the code after them
    /// (`<post>-<country>`, `<post><country>-<cc>`, the country's name perhaps inflected:
    /// [`country_codes_of`]). A post's, tax office's or bank's domain whose name is a word
    /// (`posta.rs`, listed `unprotected`) is known but its word is nobody's to protect (`posta-<word>` is
    /// any post office's or shop's); the word beside the very country the domain is listed under is that
    /// one domain's name written out ("the post of Serbia"), which no one else has a reason to take.
    /// The country must be the listed domain's: a word beside another country's name names nobody.
    /// With the domain's code after them, the name beside any other word of three letters or more,
    /// glued or hyphenated, is read the same way (`<bank><its app>-<cc>`, `<post>-<parcels>-<cc>`): the
    /// code is the listed domain's own ending typed into the label, and only that name under that code
    /// is read.
    pub(super) fn domain_with_country(&self, label: &str) -> Option<String> {
        if label.len() > MAX_COUNTRY_LABEL {
            return None;
        }
        let (core, code) = match label.rsplit_once('-') {
            Some((core, cc)) if cc.len() == 2 && cc.bytes().all(|b| b.is_ascii_lowercase()) => {
                (core, Some(cc))
            }
            _ => (label, None),
        };
        (MIN_CHEAP..core.len()).find_map(|k| {
            let (name, rest) = (core.get(..k)?, core.get(k..)?);
            if name.ends_with('-') {
                return None;
            }
            let rest = rest.strip_prefix('-').unwrap_or(rest);
            if rest.contains('-') || !rest.bytes().all(|b| b.is_ascii_lowercase()) {
                return None;
            }
            let by_country = country_codes_of(rest)
                .iter()
                .filter(|cc| code.is_none_or(|c| c == **cc))
                .map(|cc| format!("{name}.{cc}"))
                .find(|domain| self.is_known(domain));
            // With the code after them, any word of the name's own (its product, `<bank><app>-<cc>`)
            // names the listed domain as well: the code is the domain's own ending, moved into the label.
            by_country.or_else(|| {
                let cc = code?;
                let word = rest.len() >= MIN_CHEAP && !name.contains('-') && !project_word(rest);
                let domain = format!("{name}.{cc}");
                (word && self.is_known(&domain)).then_some(domain)
            })
        })
    }

    /// (urls19) Whether the label `text`, a listed name less its final `s`, is itself a word or a name
    /// (listed, a lure word, a country's name): then it is no omission typo of the plural name
    /// (`correo`, `account`). A coined name's stem is not (`<bankname>` beside `<bankname>s`): the
    /// letter left out is dnstwist's omission, and nobody else's name. Ordinary English words are
    /// exempt already ([`ordinary_near`]).
    fn singular_is_word(&self, text: &str, name: &str) -> bool {
        singular_of(text, name)
            && (self.exact(text).is_some() || is_lure(text) || country_word(text))
    }

    /// The listed domain a label's hyphen-separated parts spell out among other words: a name, then its
    /// own ending (`x-com-verified` for `x.com`, `acme-co-uk-login` for `acme.co.uk`), with at least
    /// one more part; or, when `alone` (the registrable label, or a hosting service's page), nothing
    /// more for a name of [`MIN_SKELETON`] letters or more (`acme-org` for `acme.org`).
    fn domain_spelt(&self, parts: &[&str], alone: bool) -> Option<&TopBrand> {
        if parts.len() < 2 {
            return None;
        }
        parts.iter().enumerate().find_map(|(j, written)| {
            // (urls18) The name as written, or with one letter added before or after it
            // (`e<name>-com-uy` for `<name>.com.uy`): two techniques composed, the domain spelt and a
            // letter added, of a name of four letters or more; the ending spelt after it still has to
            // be the name's own.
            let (b, name) = std::iter::once(*written)
                .chain(written.get(1..).filter(|c| c.len() >= MIN_SKELETON))
                .chain(
                    written
                        .get(..written.len().saturating_sub(1))
                        .filter(|c| c.len() >= MIN_SKELETON),
                )
                .find_map(|c| self.exact(c).filter(|b| !b.tail).map(|b| (b, c)))?;
            let one = parts.get(j + 1)?;
            let two = parts.get(j + 2);
            let spelt = |ending: String| {
                // The name and its ending are not the whole label: another word is there.
                self.is_known(&format!("{name}.{ending}"))
            };
            // The listed domain spelt whole as the registrable label (or a hosting service's page),
            // nothing beside it (`acme-org.com` for `acme.org`): no name and ending meet by accident
            // from four letters, and a site has no reason to spell its own domain as another.
            let exactly =
                |k: usize| alone && j == 0 && parts.len() == k && b.label.len() >= MIN_SKELETON;
            let whole = |k: usize| parts.len() > k || exactly(k);
            if whole(2) && spelt((*one).to_string()) {
                return Some(b);
            }
            two.filter(|_| whole(3) && spelt(format!("{one}.{}", two.copied().unwrap_or(""))))
                .map(|_| b)
        })
    }

    /// The listed bank or wallet whose name is a part of the hyphenated registrable label `label` under
    /// a generic ending (`suffix`: a legacy or new generic top-level domain, or a zone sold as a country's
    /// ending), beside any other word (`<name>bank-kplus.com`, `<name>pay-bonus.net`): a bank's or
    /// wallet's name (one that ends with the word for bank, [`BANK_WORDS`], or with `pay` or `wallet`,
    /// from seven letters: a coined name, no ordinary word) is posed with its product's or a lure's
    /// word, whatever the word, as banks do not put their customers on a hyphenated `.com` of their
    /// name. Not beside a project's word ([`PROJECT_WORDS`]), a number or another listed name (an
    /// integration of two services); under a country's ending its family members live
    /// (`<name>bank-<town>.de`).
    pub(super) fn finance_combo(&self, label: &str, suffix: &str) -> Option<&TopBrand> {
        let generic = LEGACY_TLDS.contains(&suffix)
            || generic_tld(suffix)
            || pseudo_country_zone(suffix)
            || ABUSED_COUNTRY_TLDS.contains(&suffix);
        if !generic || !label.contains('-') {
            return None;
        }
        let financial = |name: &str| {
            name.len() >= 7
                && (BANK_WORDS
                    .iter()
                    .any(|w| name.len() > w.len() && name.ends_with(w))
                    || name.ends_with("pay")
                    || name.ends_with("wallet"))
        };
        let parts: SmallVec<[&str; 8]> = label.split('-').collect();
        parts.iter().enumerate().find_map(|(j, p)| {
            let b = self.exact(p).filter(|b| !b.tail && financial(&b.label))?;
            let besides = parts.iter().enumerate().filter(|&(k, _)| k != j);
            let other = besides.clone().any(|(_, w)| {
                w.len() >= 2 && !w.bytes().all(|c| c.is_ascii_digit()) && *w != "www"
            });
            let about = besides.clone().any(|(_, w)| {
                PROJECT_WORDS.contains(w)
                    || w.bytes().all(|c| c.is_ascii_digit())
                    || self.exact(w).is_some_and(|o| o.label.len() >= MIN_SKELETON)
            });
            (other && !about).then_some(b)
        })
    }

    /// The name a hyphenated label on a hosting service starts with, followed by at least two more words
    /// none of which says the page is a project about the name ([`PROJECT_WORDS`]) or is another name
    /// (an integration of two services: `acme-widget-sync`).
    fn brand_led(&self, parts: &[&str], more: usize) -> Option<&TopBrand> {
        let (first, rest) = parts.split_first()?;
        if rest.len() < more {
            return None;
        }
        // A four-letter name of the long tail (`meta`) is a word as often as a name: it leads a page
        // posed as the name when a lure word follows (`<name>-business-support`).
        let lure_after = rest.iter().any(|w| is_lure(w));
        let b = self.exact(first).filter(|b| {
            let len = b.label.chars().count();
            len >= if b.tail && !lure_after {
                MIN_TAIL
            } else {
                MIN_SKELETON
            } && !LURE_WORDS.contains(&b.label.as_str())
                && !AFFIX_WORDS.contains(&b.label.as_str())
        })?;
        // Another listed name beside it is an integration of two services (`<name>-<other>-bot`) on a
        // developers' hosting service; on a site builder (`more` of one: form builders, site builders,
        // where nobody publishes a project about a name) it is one owner's two names posed together
        // (`<company>-<its product>-plus.<form builder>.com`).
        let builder = more == 1;
        let about = rest.iter().any(|w| {
            PROJECT_WORDS.contains(w)
                || w.bytes().all(|c| c.is_ascii_digit())
                || (!builder && self.exact(w).is_some_and(|o| o.label.len() >= MIN_SKELETON))
        });
        (!about).then_some(b)
    }

    /// A three-letter top-tier name shown with one look-alike letter (`lng` for `ing`) as a part of the
    /// registrable label `label`, beside a lure word, under a country's ending the name is listed with
    /// (`suffix`: `nl` for `ing.nl`). Anywhere else three such letters are a word or initials of
    /// their own (`lng`, liquefied gas); in the name's own country beside its sign-in word they are
    /// the name.
    pub(super) fn short_in_its_country(&self, label: &str, suffix: &str) -> Option<&TopBrand> {
        if suffix.len() != 2 || !label.contains('-') {
            return None;
        }
        let parts: SmallVec<[&str; 8]> = label.split('-').collect();
        parts.iter().enumerate().find_map(|(j, p)| {
            if p.len() != MIN_CHEAP || !p.is_ascii() {
                return None;
            }
            let lure = parts.iter().enumerate().any(|(k, t)| k != j && is_lure(t));
            if !lure {
                return None;
            }
            // Each letter read as the one it may stand for ([`VISUAL_SWAPS`] of one letter, `j` for `i`).
            let looks = VISUAL_SWAPS
                .iter()
                .filter_map(|(from, to)| match (from.as_bytes(), to.as_bytes()) {
                    ([f], [t]) => Some((*f, *t)),
                    _ => None,
                })
                .chain([(b'j', b'i')]);
            p.bytes().enumerate().find_map(|(i, c)| {
                looks
                    .clone()
                    .filter(|&(from, _)| from == c)
                    .find_map(|(_, to)| {
                        let mut candidate = p.as_bytes().to_vec();
                        *candidate.get_mut(i)? = to;
                        let candidate = String::from_utf8(candidate).ok()?;
                        self.exact(&candidate)
                            .filter(|b| !b.tail && self.is_known(&format!("{}.{suffix}", b.label)))
                    })
            })
        })
    }

    /// (urls18) The listed name (of [`MIN_TLD_SWAP`] letters or more, not from the long tail) `part` is
    /// with a language's word for bank glued in front (`bancoacme`, `bancaacme`, `banqueacme` for
    /// `acme.com`): how the bank's customers say its name (Banco X, Banca X), which the bank's own
    /// domain leaves out. Read only beside a lure word in the registrable label (the caller): a bank
    /// that shares a retailer's name keeps its own `banco<name>` domain without one.
    fn bank_word_before(&self, part: &str) -> Option<&TopBrand> {
        if !part.is_ascii() || part.len() > MAX_VISUAL_LABEL {
            return None;
        }
        BANK_WORDS
            .iter()
            .chain(BANK_PREFIX_WORDS)
            .filter_map(|w| part.strip_prefix(w))
            .filter(|rest| rest.len() >= MIN_TLD_SWAP)
            .find_map(|rest| self.exact(rest).filter(|b| !b.tail))
    }

    /// The listed bank `part` names with the word for bank in another language or mistyped
    /// (`acmebankasi`, `acmebnaka` for `acmebank`): the bank's own word (five letters or more) and then
    /// a word one edit from one of [`BANK_WORDS`]; not the listed name itself.
    fn bank_in_words(&self, part: &str) -> Option<&TopBrand> {
        if !part.is_ascii() || part.len() > MAX_VISUAL_LABEL {
            return None;
        }
        (MIN_TLD_SWAP..part.len().saturating_sub(2)).find_map(|k| {
            let (stem, word) = (part.get(..k)?, part.get(k..)?);
            if !BANK_WORDS.iter().any(|w| within_one_edit(word, w)) {
                return None;
            }
            self.exact(&format!("{stem}bank"))
                .filter(|b| !b.tail && b.label != part)
        })
    }

    /// A three-letter top-tier name that `part` has the skeleton of without being it (`dh1` for `dhl`),
    /// or reads as once two letters are read as the one they show ([`VISUAL_SWAPS`]: `clhl` for `dhl`).
    fn short_skeleton(&self, part: &str) -> Option<&TopBrand> {
        if part.len() > 2 * MIN_CHEAP {
            return None;
        }
        let found = |text: &str| {
            self.short_folded
                .get(&fold(text))
                .and_then(|&at| self.brands.get(at))
                .filter(|b| b.label != part)
        };
        if let Some(b) = found(part) {
            return Some(b);
        }
        // Two letters shown as one that the skeleton does not equate (`cl` for `d`, `lh` for `h`).
        VISUAL_SWAPS
            .iter()
            .filter(|(from, _)| from.len() > 1)
            .find_map(|(from, to)| {
                part.match_indices(from).find_map(|(at, _)| {
                    let variant = format!(
                        "{}{to}{}",
                        part.get(..at).unwrap_or(""),
                        part.get(at + from.len()..).unwrap_or("")
                    );
                    found(&variant)
                })
            })
    }

    /// The protected name `label` is, under a generic top-level domain its owner is not listed with
    /// (`paypal.top`). `reg` is the registrable domain, `label` its first label.
    pub(super) fn tld_swap(&self, label: &str, reg: &str) -> Option<&TopBrand> {
        let b = self.exact(label)?;
        let suffix = reg.get(label.len() + 1..)?;
        // A country's name with an abbreviation of its own after a hyphen (`acme-exp.co.jp`, an express
        // carrier) moved to `.com` or `.net`: the abbreviation is the brand's, no other site's by
        // accident. (A longer second word is often the company's own group site: `bank-group.com`.)
        // `.co` is one letter short of `.com` and sold as a generic ending: a name there is a swap
        // as under a new generic one.
        let abbreviated = label.rsplit_once('-').is_some_and(|(head, tail)| {
            head.len() >= MIN_TLD_SWAP && (2..=3).contains(&tail.len())
        });
        let country_site = b
            .domain
            .rsplit('.')
            .next()
            .is_some_and(|tld| tld.len() == 2);
        if abbreviated && country_site && !b.tail && (suffix == "com" || suffix == "net") {
            return (!self.is_known(reg)).then_some(b);
        }
        // A country's commercial second-level ending (`acme.com.ge`) is left alone as the country's
        // own ending is: global brands hold many (`apple.com.cn`, `mercadopago.com.ar`), which no list
        // carries whole; read as a swap, three legitimate sites of the tuning data were blocked.
        // A name listed only under countries' endings (a regional bank or wallet, `<name>.kz`) is
        // another matter under another country's commercial ending: a regional brand has no site in
        // a country it does not serve, so `<name>.com.<other cc>` poses as it.
        let regional_elsewhere = !b.generic_home
            && !b.tail
            && !b.country_homes.is_empty()
            && other_countrys_commercial_ending(suffix)
                .is_some_and(|cc| !b.country_homes.contains(&cc));
        // A global name (listed under a generic ending) under the commercial zone of a country whose
        // listed companies register directly under its code and none under that zone (`<name>.com.ge`
        // beside `<bank>.ge`): the zone is not where that country's businesses, nor multinationals'
        // country sites, live, so the name there poses as the brand (the trade-scam pattern). Where the
        // list knows the zone is used (`com.br`, `com.cn`: `apple.com.cn`) or knows nothing of the
        // country (`com.hn`, where regional banks run `.com.hn` sites) it is left alone. `org.<cc>` is
        // left out: international organisations run country chapters there.
        let global_in_unused_zone = b.generic_home
            && !b.tail
            && suffix
                .split_once('.')
                .is_some_and(|(second, _)| matches!(second, "com" | "co" | "net"))
            && other_countrys_commercial_ending(suffix)
                .is_some_and(|cc| self.cc_direct.contains(&cc) && !b.country_homes.contains(&cc))
            && !self.cc_zones.contains(suffix);
        // A zone sold as a country's ending (`de.com`, `it.com`) is no country's: a listed name there
        // alone is a swap, as under a cheap top-level domain.
        // (`urls13`) The public suffix list's private entries `<cc>.com|net|org` are such zones too
        // (`zones.rs`), and a name listed under that very country's ending there (`<bank>.de.com` for
        // `<bank>.de`) writes the listed domain whole: a swap at any length.
        let sold_cc = super::zones::sold_country(suffix);
        let pseudo = pseudo_country_zone(suffix) || sold_cc.is_some();
        let own_country_sold = sold_cc.is_some_and(|cc| b.home_in(cc));
        // A country ending given away for nothing keeps its second levels free too (`com.ml`, `co.tk`):
        // `<name>.com.ml` writes the name's own `.com` into a suffix anyone registers under, whatever
        // the name's reach (a global brand's country sites are not under those registries' endings).
        let free_second_level = suffix.split_once('.').is_some_and(|(second, cc)| {
            COMMERCIAL_SECOND_LEVEL.contains(&second) && FREE_COUNTRY_TLDS.contains(&cc)
        });
        // A name with one global site and no country site anywhere on the list, under a second level
        // of a country ending sold as a generic one (`<name>.com.co`): no country business to protect.
        let global_only_in_generic_cc = b.generic_home
            && !b.tail
            && b.country_homes.is_empty()
            && super::generic_cc::generic_cc_zone(suffix);
        // (`urls13`) A name with one global site and no country site anywhere on the list under
        // another country's `com.`/`net.` zone that no listed business uses (`<service>.com.sb`): the
        // name's own `.com` with a country code tacked on. A brand with country sites on the list
        // (`scotiabank.com.pe`) keeps the `urls10` reading, and so does any name under a zone the list
        // shows in use (`com.cn`, `com.br`): a multinational's country sites are in the markets whose
        // companies the list carries (`apple.com.cn`, though the list holds no Apple country site).
        let global_only_elsewhere = b.generic_home
            && !b.tail
            && b.country_homes.is_empty()
            && suffix
                .split_once('.')
                .is_some_and(|(second, _)| matches!(second, "com" | "net"))
            && other_countrys_commercial_ending(suffix).is_some()
            && !self.cc_zones.contains(suffix);
        // (`urls16`) A name listed only under countries' endings (`<identity scheme>.nl`) under a country
        // ending sold worldwide as a generic one (`.nu`, `.io`, `.co`: `generic_cc.rs`): a regional
        // brand's name there is the `.nl` → `.nu` swap, one letter from its own ending, as `.co` is for
        // `.com`; the ending's own country is no market of a regional brand listed elsewhere.
        let regional_in_sold_cc = !b.generic_home
            && !b.tail
            && !b.country_homes.is_empty()
            && super::generic_cc::sold_worldwide(suffix)
            && !b.home_in(suffix);
        // (`urls16`) A name listed under its country's government zone (`<agency>.gob.ar`,
        // `<agency>.gov.au`) written under another zone of the same country (`<agency>.com.ar`, the bare
        // `<agency>.ar`): only the agency registers under the government's zone, anyone under the
        // commercial one, and a reader sees the same country and name (the `gob.mx` → `com.mx` swap).
        let government_elsewhere = !b.tail && self.government_home_beside(label, suffix);
        let swapped = generic_tld(suffix)
            || regional_in_sold_cc
            || government_elsewhere
            || global_only_in_generic_cc
            || ABUSED_COUNTRY_TLDS.contains(&suffix)
            || free_second_level
            || suffix == "co"
            || pseudo
            || regional_elsewhere
            || global_in_unused_zone
            || global_only_elsewhere;
        // The long tail's names are more often words another site is called by too; under a cheap
        // top-level domain a top-tier name counts from three letters (`ups.rest`).
        let min = if b.tail {
            MIN_TAIL + 1
        } else if cheap_tld(suffix) {
            MIN_CHEAP
        } else if own_country_sold {
            1
        } else if pseudo || regional_elsewhere || government_elsewhere {
            MIN_SKELETON
        } else {
            MIN_TLD_SWAP
        };
        (label.len() >= min && !self.is_known(reg) && swapped).then_some(b)
    }
}

/// Every way of taking one affix word off the start or the end of `label`, with the hyphen beside it if
/// there is one: what is left, and whether a hyphen set the word apart.
fn strip_affixes(label: &str) -> impl Iterator<Item = (&str, bool)> {
    AFFIX_WORDS.iter().flat_map(move |w| {
        let front = look_strip_prefix(label, w).map(|rest| match rest.strip_prefix('-') {
            Some(r) => (r, true),
            None => (rest, false),
        });
        let back = look_strip_suffix(label, w).map(|rest| match rest.strip_suffix('-') {
            Some(r) => (r, true),
            None => (rest, false),
        });
        front.into_iter().chain(back).filter(move |(r, hyphen)| {
            !r.is_empty() && (*hyphen || !HYPHEN_ONLY_AFFIXES.contains(w))
        })
    })
}

/// The letter an affix word's letter may be shown as: `I` (lowercased `i`) and `1` for `l`, `0` for `o`
/// (`secure-chaseonIine`, `l0gin`): the affix read as the word it shows.
fn look(b: u8) -> u8 {
    match b {
        b'l' | b'1' => b'i',
        b'0' => b'o',
        _ => b,
    }
}

/// Whether two ASCII texts read the same letter by letter under [`look`].
fn looks_same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| look(*x) == look(*y))
}

/// `label` less a leading affix word `w`, written as itself or with its look-alike letters ([`look`]).
fn look_strip_prefix<'a>(label: &'a str, w: &str) -> Option<&'a str> {
    let head = label.as_bytes().get(..w.len())?;
    (looks_same(head, w.as_bytes()))
        .then(|| label.get(w.len()..))
        .flatten()
}

/// `label` less a trailing affix word `w`, as [`look_strip_prefix`].
fn look_strip_suffix<'a>(label: &'a str, w: &str) -> Option<&'a str> {
    let at = label.len().checked_sub(w.len())?;
    let tail = label.as_bytes().get(at..)?;
    (looks_same(tail, w.as_bytes()))
        .then(|| label.get(..at))
        .flatten()
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

/// Whether `text` is the name `name` less a final `s`: when that singular is a word or a name of its
/// own it is no typo of the plural ([`TopSites::singular_is_word`]; for names below the one-edit length
/// any singular is).
fn singular_of(text: &str, name: &str) -> bool {
    name.strip_suffix('s') == Some(text)
}

/// Whether `a` is `b` with one letter shown as its look-alike ([`VISUAL_SWAPS`] of one letter, and `j`
/// for `i`, the same stroke with a tail).
fn one_look_alike_letter(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut diff = a.iter().zip(b).filter(|(x, y)| x != y);
    let (Some((&x, &y)), None) = (diff.next(), diff.next()) else {
        return false;
    };
    (x, y) == (b'j', b'i')
        || VISUAL_SWAPS
            .iter()
            .any(|(from, to)| from.as_bytes() == [x] && to.as_bytes() == [y])
}

/// Whether `a` is `b` with one letter replaced by a letter of the same outline in the fonts address bars
/// use (`l` and `i`, `u` and `v`, `c` and `e`: the pairs of `super::short_confusable`).
fn same_shape_letter(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut diff = a.iter().zip(b).filter(|(x, y)| x != y);
    let (Some((&x, &y)), None) = (diff.next(), diff.next()) else {
        return false;
    };
    matches!(
        (x, y),
        (b'l', b'i') | (b'i', b'l') | (b'u', b'v') | (b'v', b'u') | (b'c', b'e') | (b'e', b'c')
    )
}

/// Whether `short` is `long` with one vowel left out, not its first letter nor its last (`ubr` of `uber`).
fn vowel_left_out(long: &[u8], short: &[u8]) -> bool {
    if long.len() != short.len() + 1 || long.first() != short.first() || long.last() != short.last()
    {
        return false;
    }
    let p = long.iter().zip(short).take_while(|(x, y)| x == y).count();
    long.get(p).is_some_and(|c| b"aeiou".contains(c)) && long.get(p + 1..) == short.get(p..)
}

/// (urls17) Whether the registrable label `label` is the name `name` (a protected brand) of
/// [`MIN_VISUAL`] letters or more with one bit of one letter flipped (`applg` for `apple`) and nothing
/// else in it: dnstwist's bitsquatting (a common English word is itself: `data/ordinary_near.txt`).
pub(super) fn bit_squat_alone(label: &str, name: &str) -> bool {
    name.len() >= MIN_VISUAL
        && bit_flipped_letter(label.as_bytes(), name.as_bytes())
        && !ordinary_near(label)
}

/// Whether `a` is `b` with one letter replaced by the letter one bit away in ASCII (`q` for `p`,
/// `c` for `a`): dnstwist's bitsquatting permutation, kept to letters (a flip to a digit or a hyphen is
/// read by the look-alike and digit rules).
fn bit_flipped_letter(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut diff = a.iter().zip(b).filter(|(x, y)| x != y);
    let (Some((&x, &y)), None) = (diff.next(), diff.next()) else {
        return false;
    };
    x.is_ascii_lowercase() && y.is_ascii_lowercase() && (x ^ y).count_ones() == 1
}

/// Rows of a QWERTY keyboard, for [`neighbouring_keys`].
const KEY_ROWS: [&[u8]; 4] = [b"1234567890", b"qwertyuiop", b"asdfghjkl", b"zxcvbnm"];

/// Whether two keys are next to each other on a QWERTY keyboard, in a row or diagonally between rows.
fn neighbouring_keys(x: u8, y: u8) -> bool {
    let at = |c: u8| {
        KEY_ROWS
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|&k| k == c).map(|i| (r, i)))
    };
    let (Some((rx, ix)), Some((ry, iy))) = (at(x), at(y)) else {
        return false;
    };
    // Each row sits half a key to the right of the one above: a key touches the one above it and the
    // one above to the right.
    match rx.abs_diff(ry) {
        0 => ix.abs_diff(iy) == 1,
        1 => {
            let (upper, lower) = if rx < ry { (ix, iy) } else { (iy, ix) };
            upper == lower || upper == lower + 1
        }
        _ => false,
    }
}

/// Whether `a` is `b` after one slip of the hand: one letter replaced by a neighbouring key's, by the
/// letter one bit away (bitsquatting) or a vowel by another (`amazen`), or two neighbouring letters
/// swapped.
fn slip_of(a: &[u8], b: &[u8]) -> bool {
    if swapped_neighbours(a, b) {
        return true;
    }
    if a.len() != b.len() {
        return false;
    }
    let mut diff = a.iter().zip(b).filter(|(x, y)| x != y);
    let (Some((&x, &y)), None) = (diff.next(), diff.next()) else {
        return false;
    };
    let vowel = |c: u8| b"aeiou".contains(&c);
    neighbouring_keys(x, y)
        || ((x ^ y).count_ones() == 1 && x.is_ascii_alphanumeric())
        || (vowel(x) && vowel(y))
}

/// Whether `text`, one edit from the listed name `name`, is an edit a look-alike is made of, as dnstwist
/// generates them: a letter replaced by a neighbouring key's, a bit flip, a vowel for a vowel or a
/// look-alike ([`slip_of`], [`one_look_alike_letter`]), or a digit; a letter added after the name's end
/// only when it repeats the last or is its neighbouring key (`paypall`, `amazonm`). Every other edit
/// (omissions, letters put inside) counts as before. A replacement by an unrelated letter
/// (`crmbridge`) or a letter appended at the end (`dockers`, `amazona`) reads as another word, the
/// name of another business, not as the listed name mistyped or disguised. Asked only of a
/// registrable label standing alone ([`plain_edit_unshaped`]); beside other words or with a
/// look-alike letter too, any one edit still counts.
pub(super) fn typo_shaped(text: &[u8], name: &[u8]) -> bool {
    if text.len() == name.len() {
        let mut diff = text.iter().zip(name).filter(|(x, y)| x != y);
        return match (diff.next(), diff.next()) {
            (Some((&x, _)), None) => {
                !x.is_ascii_alphabetic()
                    || slip_of(text, name)
                    || one_look_alike_letter(text, name)
                    || one_look_alike_letter(name, text)
            }
            _ => true,
        };
    }
    match (text.strip_prefix(name), name.last()) {
        (Some(&[c]), Some(&l)) if text.len() == name.len() + 1 => {
            !c.is_ascii_alphabetic() || c == l || neighbouring_keys(c, l)
        }
        _ => true,
    }
}

/// Whether the ASCII `label` is the name `name` (as written) with one edit that is not [`typo_shaped`]:
/// such a registrable label on its own is another word, not a look-alike (`dockers`, `amazona`,
/// `crmbridge`). A label whose difference needs a look-alike read first (`arnazona`) is not one edit
/// from the name as written and keeps counting.
pub(super) fn plain_edit_unshaped(label: &str, name: &str) -> bool {
    label.is_ascii()
        && label != name
        && super::host::within_one_edit(label, name)
        && !typo_shaped(label.as_bytes(), name.as_bytes())
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

impl TopSites {
    /// Whether `name.reg` is a multinational's country site: `reg` is a commercial second-level word
    /// and a country code (`com.be`, which the public suffix list does not name as an ending) and
    /// `name` is listed under three countries' endings or more (`amazon`).
    pub(super) fn country_site_of_multinational(&self, name: &str, reg: &str) -> bool {
        let commercial = reg.split_once('.').is_some_and(|(second, cc)| {
            COMMERCIAL_SECOND_LEVEL.contains(&second) && home_of(cc).is_some() && !cc.contains('.')
        });
        commercial
            && self
                .exact(name)
                .is_some_and(|b| !b.tail && b.country_homes.len() >= 3)
    }

    /// The listed domain that `label` spells with a digit for the letter it looks like, or a letter for
    /// the digit, under the same ending (`bd0.com.ph` for `bdo.com.ph`): a name of any length, since the
    /// listed domain itself is the evidence (a three-letter name is otherwise too short to read).
    pub(super) fn digit_swapped(&self, label: &str, suffix: &str) -> Option<String> {
        let has_digit = label.bytes().any(|b| matches!(b, b'0' | b'1'));
        let has_letter = label.bytes().any(|b| b.is_ascii_lowercase());
        if !has_digit || !has_letter || label.len() > 32 {
            return None;
        }
        [b'l', b'i'].into_iter().find_map(|one| {
            let read: String = label
                .bytes()
                .map(|b| match b {
                    b'0' => 'o',
                    b'1' => char::from(one),
                    _ => char::from(b),
                })
                .collect();
            let domain = format!("{read}.{suffix}");
            (read != label && self.is_known(&domain)).then_some(domain)
        })
    }

    /// Whether `<label>.<zone>.<cc>` is listed for a government zone word (`gov`, `gob`, `gouv`, `govt`,
    /// `go`, `gub`) of the country `cc` that ends `suffix`, and `suffix` is another zone of that country
    /// (`com.ar` or `ar` beside `gob.ar`).
    fn government_home_beside(&self, label: &str, suffix: &str) -> bool {
        const GOVERNMENT_ZONES: &[&str] = &["gov", "gob", "gouv", "govt", "go", "gub"];
        let (second, cc) = match suffix.split_once('.') {
            Some((second, cc)) => (second, cc),
            None => ("", suffix),
        };
        cc.len() == 2
            && !cc.contains('.')
            && !GOVERNMENT_ZONES.contains(&second)
            && GOVERNMENT_ZONES
                .iter()
                .any(|zone| self.is_known(&format!("{label}.{zone}.{cc}")))
    }

    /// A listed host with its dot turned into a hyphen (`onedrive-live.com` for `onedrive.live.com`):
    /// the registrable label is `<head>-<tail>` where `<tail>.<suffix>` is a listed domain (four letters
    /// or more) and `<head>` is another listed name of the top tier. Returns the domain it flattens.
    ///
    /// (`urls16`) Under an ending sold worldwide as a generic one (`.io`, `.co`, `.me`:
    /// [`super::generic_cc::sold_worldwide`]) the head may be any word (`suite-<wallet>.io` for
    /// `suite.<wallet>.io`) when the tail is a top-tier name of [`MIN_TLD_SWAP`] letters or more: the
    /// names listed under such an ending are global services (wallets, developer tools), with no
    /// country's family of same-named firms there, and `<word>-<name>.<its ending>` reads as one of its
    /// subdomains. Not a project's word (`status-`, `demo-`). Under `.com` or a country's own ending
    /// any head is not enough: a name that is a word makes other companies' names (`pine-apple.com`),
    /// and regional banks' families put the town first (`<town>-<bank>.de`).
    pub(super) fn dot_as_hyphen(&self, label: &str, suffix: &str) -> Option<String> {
        let (head, tail) = label.rsplit_once('-')?;
        if tail.len() < MIN_SKELETON || head.len() < MIN_CHEAP || head.contains('-') {
            return None;
        }
        let inner = format!("{tail}.{suffix}");
        let named = head.len() >= MIN_SKELETON
            && self.exact(head).is_some_and(|b| {
                !b.tail && !LURE_WORDS.contains(&head) && !AFFIX_WORDS.contains(&head)
            });
        let under_sold_ending = super::generic_cc::sold_worldwide(suffix)
            && head.bytes().all(|c| c.is_ascii_lowercase())
            && !project_word(head)
            && self
                .exact(tail)
                .is_some_and(|b| !b.tail && tail.len() >= MIN_TLD_SWAP);
        ((named || under_sold_ending) && self.is_known(&inner)).then(|| format!("{head}.{inner}"))
    }
}

/// A label that is a number with one letter that looks like a digit in it (`l2306` for `12306`): a
/// ticketing or service site known by its number, imitated. Three digits or more, and one `l`, `i` or
/// `o`; a name that is letters with a number (`web2`, `mp3`) is not this.
pub(super) fn number_with_a_letter(label: &str) -> bool {
    let letters = label.bytes().filter(|b| !b.is_ascii_digit()).count();
    let digits = label.len() - letters;
    letters == 1 && digits >= 3 && label.bytes().any(|b| matches!(b, b'l' | b'i' | b'o'))
}

/// The words of a service's category that phishers misspell inside a regional name no list carries
/// (`<name>bamk`): bank, wallet, sign-in and account words.
const CATEGORY_WORDS: &[&str] = &[
    "bank", "banka", "wallet", "login", "signin", "account", "secure", "online",
];

/// One letter or pair written for another it looks like (`rn` for `m`, `vv` for `w`, `0` for `o`) or
/// typed beside it (`m` for `n`).
const LOOK_ALIKES: &[(&str, &str)] = &[
    ("m", "n"),
    ("n", "m"),
    ("rn", "m"),
    ("vv", "w"),
    ("0", "o"),
    ("1", "l"),
    ("1", "i"),
    ("cl", "d"),
];

/// Each category word misspelt by one look-alike ([`CATEGORY_WORDS`], [`LOOK_ALIKES`]), built once:
/// `bamk`, `l0gin`, `wa1let`, ... None of them is a word of its own in the languages of the lure words.
static CATEGORY_MISSPELLINGS: LazyLock<Vec<(String, &'static str)>> = LazyLock::new(|| {
    let mut out = Vec::new();
    for &w in CATEGORY_WORDS {
        for &(shown, real) in LOOK_ALIKES {
            for (at, _) in w.match_indices(real) {
                let variant = format!("{}{shown}{}", &w[..at], &w[at + real.len()..]);
                if !CATEGORY_WORDS.iter().any(|c| variant.contains(c)) {
                    out.push((variant, w));
                }
            }
        }
    }
    out
});

/// Category words a coined finance name ends in (`<stem>bank`, `<stem>pay`, `<stem>wallet`).
const COINED_FINANCE_ENDINGS: &[&str] = &["bank", "banka", "pay", "wallet"];

/// A coined finance name whose stem shows `rn` before a vowel, the pair read as `m` (`<a-rn-eria>bank`
/// for `<ameria>bank`): the category word says which name a reader expects, and the pair is the
/// classic look-alike of `m`. Returns the stem.
pub(super) fn coined_finance_rn(label: &str) -> Option<&str> {
    let stem = COINED_FINANCE_ENDINGS
        .iter()
        .find_map(|w| label.strip_suffix(w))
        .filter(|s| s.len() >= 3 && s.bytes().all(|b| b.is_ascii_lowercase()))?;
    let b = stem.as_bytes();
    let rn_vowel = b
        .windows(3)
        .any(|w| w[0] == b'r' && w[1] == b'n' && b"aeiouy".contains(&w[2]));
    rn_vowel.then_some(stem)
}

/// The category word a label holds misspelt by one look-alike (`kiwibamk` holds `bank` as `bamk`),
/// with the misspelling: a regional bank's or wallet's name is imitated by the same letter tricks as
/// a global one's, and the category word is the part a reader checks least.
pub(super) fn category_misspelt(label: &str) -> Option<(&'static str, &'static str)> {
    if label.len() > 63 {
        return None;
    }
    CATEGORY_MISSPELLINGS
        .iter()
        .find(|(v, _)| label.contains(v.as_str()))
        .map(|(v, w)| (v.as_str(), *w))
}

/// The country code of a registrable domain's ending when it is a country's (`kz` of `kaspi.kz`, `ph` of
/// `bdo.com.ph`); `None` under a generic ending.
fn home_of(reg: &str) -> Option<[u8; 2]> {
    let tld = reg.rsplit('.').next()?;
    if GENERIC_USE_CODES.contains(&tld) {
        return None;
    }
    match tld.as_bytes() {
        [a, b] if a.is_ascii_lowercase() && b.is_ascii_lowercase() => Some([*a, *b]),
        _ => None,
    }
}

/// Country endings sold and used worldwide as generic ones (`.io`, `.ai`, `.co`, `.me`, `.tv`): a name
/// listed there is no country's.
const GENERIC_USE_CODES: &[&str] = &[
    "io", "ai", "co", "me", "tv", "gg", "fm", "ly", "to", "sh", "cc", "ws", "so", "la", "im", "is",
];

/// Second-level words registries put before a country code for companies (`com.kg`, `co.nz`).
const COMMERCIAL_SECOND_LEVEL: &[&str] = &["com", "co", "net", "org", "biz"];

/// The country code of a public suffix that is a country's commercial second-level ending (`kg` of
/// `com.kg`), not a zone sold as one.
fn other_countrys_commercial_ending(suffix: &str) -> Option<[u8; 2]> {
    let (second, cc) = suffix.split_once('.')?;
    if !COMMERCIAL_SECOND_LEVEL.contains(&second) || pseudo_country_zone(suffix) {
        return None;
    }
    home_of(cc)
}

/// Top-level domains older than the 2012 round: brands hold their names under these as a matter of course.
const LEGACY_TLDS: &[&str] = &[
    "com", "net", "org", "info", "biz", "edu", "gov", "mil", "int", "name", "pro", "aero", "coop",
    "museum", "mobi", "asia", "tel", "travel", "jobs", "cat",
];

/// Whether a public suffix is one generic top-level domain of the 2012 round or later (`top`, `xyz`,
/// `online`): not a country's (two letters, or internationalised), not a second-level one (`co.uk`), not
/// a legacy one.
pub(super) fn generic_tld(suffix: &str) -> bool {
    !suffix.contains('.')
        && suffix.len() > 2
        && !suffix.starts_with("xn--")
        && !LEGACY_TLDS.contains(&suffix)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renewal, payment and parcel words of many languages read by stem, in their inflected forms.
    #[test]
    fn step_words_read_by_stem() {
        for w in [
            "verlenging",
            "fornyelse",
            "platnosci",
            "siuntos",
            "colis",
            "odeme",
            "maksu",
        ] {
            assert!(is_lure(w), "{w}");
        }
        for w in ["paris", "verde", "plate", "colin", "forum"] {
            assert!(!step_word(w), "{w}");
        }
        assert!(strong_lure("rambursare") && strong_lure("innskraning"));
    }

    /// A common English word one letter from a coined name is no typo of it; an invented spelling is.
    #[test]
    fn ordinary_words_are_no_one_letter_typos() {
        assert!(ordinary_near("cashflow") && ordinary_near("ample"));
        // (`urls12`) A letter left out or put in, and two vowels exchanged, in common words only.
        assert!(ordinary_near("market") && ordinary_near("interest") && ordinary_near("prize"));
        assert!(!ordinary_near("primes") && !ordinary_near("gmarkt"));
        assert!(!ordinary_near("macrosoft") && !ordinary_near("paypai"));
        let t = shipped();
        assert!(t.imitated("cashflow", 7).is_none());
        assert!(t.imitated("kashflqw", 7).is_some());
    }

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
    fn a_branch_posed_before_a_domain_of_lure_words_only() {
        // (urls15) Any name's `<name>-<cc>`, a name that starts with a lure word too.
        assert_eq!(
            country_branch(&["bankid-se", "legitimering"], false, true),
            Some(("bankid", "se"))
        );
        assert_eq!(
            country_branch(&["quoxly-se", "verifiera"], false, true),
            Some(("quoxly", "se"))
        );
        // Two-letter initials.
        assert_eq!(
            country_branch(&["qx-fi", "verkkopankki"], false, false),
            Some(("qx", "fi"))
        );
        // A post office's word beside a country's name in any form.
        assert_eq!(
            country_branch(&["posta-quoxije", "paket-carina"], false, true),
            Some(("posta", "quoxije"))
        );
        // Not before a domain that names a business, nor a region code, nor a lure word as the name.
        assert_eq!(country_branch(&["bankid-se", "quoxly"], false, true), None);
        assert_eq!(
            country_branch(&["quoxly-us", "verifiera"], false, true),
            None
        );
        assert_eq!(
            country_branch(&["login-se", "verifiera"], false, true),
            None
        );
        assert_eq!(
            country_branch(&["posta-quoxije", "quoxly-carina"], false, true),
            None
        );
        // `-my` alone on a hosting service is the word (a SharePoint tenant's OneDrive), not Malaysia.
        assert_eq!(country_branch(&["contoso-my"], true, false), None);
        assert_eq!(
            country_branch(&["contoso-my-verify"], true, false),
            Some(("contoso", "my"))
        );
        assert_eq!(
            country_branch(&["contoso-id"], true, false),
            Some(("contoso", "id"))
        );
        // Dutch renewing and expiry, and identifying oneself, read by stem.
        assert!(is_lure("vernieuwen") && is_lure("verlopen"));
        assert!(strong_lure("legitimering") && strong_lure("legitimieren"));
        assert!(!is_lure("verloop"));
    }

    #[test]
    fn structural_signs_of_the_urls8_round() {
        // Edits a look-alike is made of, and edits that make another word.
        assert!(typo_shaped(b"cambrjdge", b"cambridge")); // look-alike
        assert!(typo_shaped(b"cambridhe", b"cambridge")); // neighbouring key
        assert!(typo_shaped(b"cambr1dge", b"cambridge")); // digit
        assert!(!typo_shaped(b"crmbridge", b"cambridge")); // unrelated letter
        assert!(typo_shaped(b"widgett", b"widget")); // the last letter doubled
        assert!(typo_shaped(b"widgetr", b"widget")); // its neighbouring key
        assert!(!typo_shaped(b"widgets", b"widget"));
        assert!(!typo_shaped(b"widgeta", b"widget"));
        assert!(typo_shaped(b"widgt", b"widget")); // omission
        assert!(typo_shaped(b"wiidget", b"widget")); // put inside
        assert!(plain_edit_unshaped("widgeta", "widget"));
        assert!(!plain_edit_unshaped("widget", "widget"));
        assert!(!plain_edit_unshaped("wldgeta", "widget")); // two edits as written
                                                            // A three-letter name's country branch before a domain of lure words only.
        assert_eq!(
            country_branch(&["abc-ie", "secure-update"], false, true),
            Some(("abc", "ie"))
        );
        assert_eq!(
            country_branch(&["abc-ee", "kinnitamine"], false, true),
            Some(("abc", "ee"))
        );
        assert_eq!(
            country_branch(&["abc-ie", "secure-widgets"], false, true),
            None
        );
        assert_eq!(country_branch(&["abc-ie", "update"], false, true), None);
        assert_eq!(
            country_branch(&["api-de", "secure-login"], false, true),
            None
        );
        assert_eq!(
            country_branch(&["abc-us", "secure-update"], false, true),
            None
        );
        // A four-letter name's country branch on a hosting service.
        assert_eq!(
            country_branch(&["quox-pe"], true, false),
            Some(("quox", "pe"))
        );
        // A label of lure words only (a lure word glued to a name is one too).
        assert_eq!(
            unlisted_combo("bankid-verifiering"),
            Some(("bankid", "verifiering"))
        );
        assert_eq!(unlisted_combo("my-verify"), None);
        assert_eq!(
            unlisted_combo("securequox-giris"),
            Some(("securequox", "giris"))
        );
        // A bank named after a word a listed name also is.
        assert!(bank_named_after("widgetbank", "widget", "com"));
        assert!(!bank_named_after("widgetbank", "widget", "top"));
        assert!(!bank_named_after("widgetbanklogin", "widget", "com"));
        assert!(!bank_named_after("mywidgetbank", "widget", "com"));
        // More languages' words.
        assert!(strong_lure("refusjon") && strong_lure("tahqiq"));
    }

    #[test]
    fn structural_signs_of_the_urls7_round() {
        let t = TopSites::parse(
            "kaspi.kz\nbdo.com.ph\nglobex.com\nglobex.de\nglobex.fr\nglobex.it\nlive.com\nonedrive.com\nwidgetly.io\n",
        );
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        // Regional names abroad and zones sold as countries'.
        assert_eq!(
            name(t.tld_swap("kaspi", "kaspi.com.kg")),
            Some("kaspi".into())
        );
        assert_eq!(
            name(t.tld_swap("kaspi", "kaspi.de.com")),
            Some("kaspi".into())
        );
        assert_eq!(name(t.tld_swap("globex", "globex.com.kg")), None);
        // (`urls13`) A global-only name under a country zone no listed business uses is a swap.
        assert_eq!(
            name(t.tld_swap("widgetly", "widgetly.com.kg")),
            Some("widgetly".into())
        );
        assert!(t.country_site_of_multinational("globex", "com.be"));
        assert!(!t.country_site_of_multinational("kaspi", "com.be"));
        // Digits for letters under the listed ending; a listed host flattened.
        assert_eq!(t.digit_swapped("bd0", "com.ph"), Some("bdo.com.ph".into()));
        assert_eq!(t.digit_swapped("bd0", "com"), None);
        assert_eq!(
            t.dot_as_hyphen("onedrive-live", "com"),
            Some("onedrive.live.com".into())
        );
        assert_eq!(t.dot_as_hyphen("media-live", "com"), None);
        // (`urls16`) Under an ending sold worldwide any word before a listed name of that ending.
        let io = TopSites::parse("vaultly.io\nzorbaz.nl\nwordish.com\n");
        assert_eq!(
            io.dot_as_hyphen("suite-vaultly", "io"),
            Some("suite.vaultly.io".into())
        );
        assert_eq!(io.dot_as_hyphen("status-vaultly", "io"), None);
        assert_eq!(io.dot_as_hyphen("pine-wordish", "com"), None);
        assert_eq!(io.dot_as_hyphen("suite-vaultly", "me"), None);
        // (`urls16`) A regional name under an ending sold worldwide (`.nl` to `.nu`); not its own.
        assert_eq!(
            io.tld_swap("zorbaz", "zorbaz.nu").map(|b| b.label.clone()),
            Some("zorbaz".into())
        );
        assert!(io.tld_swap("vaultly", "vaultly.io").is_none());
        // (`urls16`) A government agency's name under its country's commercial zone or bare ending.
        let gov = TopSites::parse("taxag.gob.ar\nrevo.gov.au\n");
        for (label, reg) in [
            ("taxag", "taxag.com.ar"),
            ("taxag", "taxag.ar"),
            ("revo", "revo.com.au"),
        ] {
            assert_eq!(
                gov.tld_swap(label, reg).map(|b| b.label.clone()),
                Some(label.to_string()),
                "{reg}"
            );
        }
        // Three letters are an acronym other firms share.
        let short = TopSites::parse("tax.gob.ar\n");
        assert!(short.tld_swap("tax", "tax.com.ar").is_none());
        assert!(number_with_a_letter("9o88"));
        assert!(!number_with_a_letter("web2"));
        assert!(!number_with_a_letter("2024"));
        // Category words misspelt; `rn` in coined finance names.
        assert_eq!(category_misspelt("townbamk"), Some(("bamk", "bank")));
        assert_eq!(
            category_misspelt("acc0untcenter"),
            Some(("acc0unt", "account"))
        );
        assert_eq!(category_misspelt("townbank"), None);
        assert_eq!(coined_finance_rn("arnelbank"), Some("arnel"));
        assert_eq!(coined_finance_rn("easternbank"), None);
        // Country branches.
        assert_eq!(country_branch(&["wallet-dz"], true, false), None);
        assert_eq!(
            country_branch(&["moneyx-dz"], true, false),
            Some(("moneyx", "dz"))
        );
        assert_eq!(country_branch(&["shop-us"], true, false), None);
        assert_eq!(
            country_branch(&["telco-lk", "reload-bonus"], false, true),
            Some(("telco", "lk"))
        );
        assert_eq!(country_branch(&["telco-lk", "reload"], false, true), None);
        assert_eq!(country_branch(&["pay-uz-bonus"], false, true), None);
        assert_eq!(
            country_branch(&["payx-uz-bonus"], false, true),
            Some(("payx", "uz"))
        );
        assert_eq!(
            country_branch(&["abctoll-hk"], false, true),
            Some(("abctoll", "hk"))
        );
        assert_eq!(country_branch(&["abctoll-hk"], false, false), None);
        // One letter omitted inside a five-letter name.
        let short = TopSites::parse("zanto.com\n");
        assert_eq!(name(short.near_short("zato", 6)), Some("zanto".into()));
        assert_eq!(name(short.near_short("anto", 6)), None);
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
            .filter(|b| {
                b.label.len() >= MIN_SKELETON && (!b.tail || b.label.len() >= MIN_TAIL_EDIT)
            })
            .find(|b| {
                b.label != label
                    && !t.singular_is_word(label, &b.label)
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

    /// The long tail: look-alikes by skeleton and affixes from five letters, never by one edit.
    #[test]
    fn the_long_tail_is_judged_less_strictly() {
        let t =
            TopSites::parse("northbank.com\nquokkapay.io tail\nnote.com tail\nzebrax.co.uk tail\n");
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        assert_eq!(name(t.imitated("n0rthbank", 6)), Some("northbank".into()));
        assert_eq!(name(t.imitated("northbnak", 6)), Some("northbank".into()));
        assert_eq!(name(t.imitated("qu0kkapay", 6)), Some("quokkapay".into()));
        // One edit from a long-tail name counts from seven letters.
        assert_eq!(name(t.imitated("quokkapey", 6)), Some("quokkapay".into()));
        assert_eq!(name(t.imitated("zebrux", 6)), None);
        assert_eq!(name(t.imitated("zebrat", 6)), None);
        // Four-letter long-tail names are words: no look-alike of them counts.
        assert_eq!(name(t.imitated("n0te", 6)), None);
        assert_eq!(name(t.with_affixes("mynote", 6)), None);
        assert_eq!(
            name(t.with_affixes("quokkapay-login", 6)),
            Some("quokkapay".into())
        );
        assert_eq!(
            name(t.with_affixes("quokkapaylogin", 6)),
            Some("quokkapay".into())
        );
        assert_eq!(
            name(t.tld_swap("quokkapay", "quokkapay.top")),
            Some("quokkapay".into())
        );
        assert_eq!(
            name(t.tld_swap("zebrax", "zebrax.xyz")),
            Some("zebrax".into())
        );
        assert!(t.is_known("quokkapay.io"));
    }

    /// A name beside lure words on a host that is not the name's, or imitated on a hosting service.
    #[test]
    fn names_beside_lure_words() {
        let t = TopSites::parse("northbank.com\nquokkapay.io tail\nnote.com tail\ngithub.com\n");
        let lure = |own: &[&str], hosted: Option<&str>| {
            t.lure_brand(own, hosted, false, 6).map(|b| b.label.clone())
        };
        // In a subdomain, beside a lure word anywhere in the host.
        assert_eq!(
            lure(&["northbank", "secure-access"], None),
            Some("northbank".into())
        );
        assert_eq!(
            lure(&["login", "northbank", "example"], None),
            Some("northbank".into())
        );
        assert_eq!(
            lure(&["quokkapay-verify", "example"], None),
            Some("quokkapay".into())
        );
        // In the registrable label with other words (not only affix words), beside a lure word.
        assert_eq!(
            lure(&["northbank-cliente-seguro"], None),
            Some("northbank".into())
        );
        // Glued to a lure word, or imitated, on a hosting service.
        assert_eq!(
            lure(&["northbanklogin"], Some("web.app")),
            Some("northbank".into())
        );
        assert_eq!(
            lure(&["n0rthbank"], Some("pages.dev")),
            Some("northbank".into())
        );
        assert_eq!(
            lure(&["northbank-konto"], Some("netlify.app")),
            Some("northbank".into())
        );
        // Without a lure word the name alone is someone's project or page.
        assert_eq!(lure(&["northbank", "example"], None), None);
        assert_eq!(lure(&["northbank-fans"], Some("web.app")), None);
        assert_eq!(lure(&["quokkapay-stats"], Some("vercel.app")), None);
        // The hosting service's own name, short long-tail names, and a name's own label are not bait.
        assert_eq!(lure(&["github-login-demo"], Some("github.io")), None);
        assert_eq!(lure(&["note", "login", "example"], None), None);
        assert_eq!(lure(&["login", "northbank"], None), None);
        // Lure words and no name.
        assert_eq!(lure(&["secure-login", "example"], None), None);
        assert!(
            is_lure("login")
                && is_lure("northbanklogin")
                && !is_lure("android")
                && !is_lure("identity")
        );
    }

    /// (urls18) A registrable label's words of a free offer or a shown file bait a name leading a
    /// subdomain in front of it, only there; a registrable label of bait words alone baits a
    /// three-letter name hyphenated before another word.
    #[test]
    fn names_leading_a_subdomain_of_bait_words() {
        let t = TopSites::parse("northbank.com\nzqx.com\n");
        let lure = |own: &[&str]| t.lure_brand(own, None, false, 6).map(|b| b.label.clone());
        assert_eq!(lure(&["northbank", "pdf-view"]), Some("northbank".into()));
        assert_eq!(
            lure(&["northbank-store", "free-coins"]),
            Some("northbank".into())
        );
        assert_eq!(
            lure(&["northbank", "datei-ansicht"]),
            Some("northbank".into())
        );
        assert_eq!(lure(&["zqx-premium", "billing-center"]), Some("zqx".into()));
        // Benign twins: the words beside the name, not the domain's; the name not leading its label;
        // in the registrable label; three letters alone, with a project's word, or before a domain
        // with other words.
        assert_eq!(lure(&["northbank-free", "example"]), None);
        assert_eq!(lure(&["shop-northbank", "free-view"]), None);
        assert_eq!(lure(&["northbank-free-fonts"]), None);
        assert_eq!(lure(&["zqx", "billing-center"]), None);
        assert_eq!(lure(&["zqx-status", "billing-center"]), None);
        assert_eq!(lure(&["zqx-premium", "billing-example"]), None);
        assert!(subdomain_bait("free") && subdomain_bait("pdf") && !subdomain_bait("fonts"));
    }

    /// (urls18) Two techniques composed on a long name: a hyphen put in and a look-alike letter; a
    /// bank word glued before a listed name beside a lure word; the tracking step as a lure word.
    #[test]
    fn composed_techniques_on_regional_names() {
        let t = TopSites::parse(
            "northbankgroup.it
quokkapay.io
northbank.com
",
        );
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        assert_eq!(
            name(t.imitated("northbank-gr0up", 6)),
            Some("northbankgroup".into())
        );
        assert_eq!(
            name(t.imitated("north-bankgroup", 6)),
            Some("northbankgroup".into())
        );
        assert_eq!(
            name(t.imitated("northbank-qroup", 6)),
            Some("northbankgroup".into())
        );
        // Benign twins: a short name's parts joined, two words one look-alike letter from nothing.
        assert_eq!(name(t.imitated("quokk-apey", 6)), None);
        assert_eq!(name(t.imitated("north-bridge", 6)), None);
        let lure = |own: &[&str]| t.lure_brand(own, None, false, 6).map(|b| b.label.clone());
        assert_eq!(lure(&["bancanorthbank-online"]), Some("northbank".into()));
        assert_eq!(lure(&["banconorthbank-acceso"]), Some("northbank".into()));
        // Benign twins: the bank's own domain with no lure word; a bank word before another word.
        assert_eq!(lure(&["banconorthbank"]), None);
        assert_eq!(lure(&["bancanorth-online"]), None);
        assert_eq!(lure(&["northbank-rastreamento"]), Some("northbank".into()));
        assert_eq!(lure(&["northbank-pracenje"]), Some("northbank".into()));
        assert!(is_lure("rastreio") && is_lure("sledovani") && !is_lure("rastafari"));
        // A listed domain spelt with a letter added to its name; the name's own ending only.
        let d = TopSites::parse("zebra.com.uy\n");
        let spelt = |parts: &[&str]| d.domain_spelt(parts, true).map(|b| b.label.clone());
        assert_eq!(spelt(&["ezebra", "com", "uy"]), Some("zebra".into()));
        assert_eq!(spelt(&["zebras", "com", "uy"]), Some("zebra".into()));
        assert_eq!(spelt(&["ezebra", "com", "ar"]), None);
        assert_eq!(spelt(&["xyzebra", "com", "uy"]), None);
    }

    /// A cheap top-level domain is bait by itself; a country code ending a label is a lure word; short
    /// names count beside a lure word only on a hosting service or a cheap domain.
    #[test]
    fn cheap_domains_country_codes_and_short_names() {
        let t =
            TopSites::parse("northbank.com\nquokkapay.io tail\nzqx.com\nsitebuild.com hosting\n");
        let lure = |own: &[&str], hosted: Option<&str>, cheap: bool| {
            t.lure_brand(own, hosted, cheap, 6).map(|b| b.label.clone())
        };
        // Any other word beside a name, under a cheap top-level domain.
        assert_eq!(
            lure(&["northbank-partners"], None, true),
            Some("northbank".into())
        );
        assert_eq!(
            lure(&["northbank-app", "relay"], None, true),
            Some("northbank".into())
        );
        assert_eq!(lure(&["northbank-partners"], None, false), None);
        // A country code ending a label, not starting one, and only a real one.
        assert_eq!(
            lure(&["northbank-nz"], None, false),
            Some("northbank".into())
        );
        assert_eq!(
            lure(&["quokkapay-br"], None, false),
            Some("quokkapay".into())
        );
        assert_eq!(lure(&["nz-northbank"], None, false), None);
        assert_eq!(lure(&["northbank-qx"], None, false), None);
        // Three letters: a lure word and a hosting service or cheap domain, both.
        assert_eq!(
            lure(&["zqx-parcel-status"], Some("sitebuild.com"), false),
            Some("zqx".into())
        );
        assert_eq!(lure(&["zqx-refund"], None, true), Some("zqx".into()));
        assert_eq!(lure(&["zqx-refund", "example"], None, false), None);
        assert_eq!(lure(&["zqx-fanclub"], Some("sitebuild.com"), false), None);
        // On a site builder one word after a name is enough; on a developers' hosting service two.
        assert_eq!(
            lure(&["northbank-assure"], Some("sitebuild.com"), false),
            Some("northbank".into())
        );
        assert_eq!(lure(&["northbank-assure"], Some("web.app"), false), None);
        assert_eq!(
            lure(&["northbank-demo"], Some("sitebuild.com"), false),
            None
        );
        // A zone sold as a country's ending is read as a cheap one (the caller's `cheap`).
        assert!(pseudo_country_zone("de.com") && pseudo_country_zone("uk.com"));
        assert!(!pseudo_country_zone("co.uk") && !pseudo_country_zone("com"));
        // Three letters that read as initials, a part of their own in the registrable label beside a
        // lure word; a three-letter word, a glued one or one in a subdomain is left alone.
        let words = TopSites::parse("zqx.com\nbex.com\n");
        let w = |own: &[&str]| {
            words
                .lure_brand(own, None, false, 6)
                .map(|b| b.label.clone())
        };
        assert_eq!(w(&["zqx-refund-status"]), Some("zqx".into()));
        assert_eq!(w(&["zqx-kontakt-haslo"]), Some("zqx".into()));
        assert_eq!(w(&["bex-refund-status"]), None);
        // A country's name and a lure word beside three letters: the name's branch in that country.
        assert_eq!(w(&["bex-egypt-online"]), Some("bex".into()));
        assert_eq!(w(&["bex-egypt"]), None);
        assert_eq!(w(&["zqx", "refund-status"]), None);
        assert_eq!(w(&["zqx-fanclub"]), None);
        assert!(reads_as_initials("dhl") && reads_as_initials("irs") && !reads_as_initials("get"));
        // A name with a hyphen of its own, inside a longer label.
        let hy = TopSites::parse("toll-meisai.jp\n");
        assert_eq!(
            hy.lure_brand(&["toll-meisai-jp"], None, false, 6)
                .map(|b| b.label.clone()),
            Some("toll-meisai".into())
        );
        // The top-level domain swap: three letters under a cheap ending only.
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        assert_eq!(name(t.tld_swap("zqx", "zqx.cyou")), Some("zqx".into()));
        assert_eq!(name(t.tld_swap("zqx", "zqx.shop")), None);
        assert_eq!(name(t.tld_swap("zqx", "zqx.ca")), None);
        assert!(cheap_tld("sbs") && cheap_tld("tk") && !cheap_tld("shop") && !cheap_tld("com"));
        // A site builder is known, never a trusted destination.
        assert!(t.is_hosting("sitebuild.com") && t.is_known("sitebuild.com"));
        assert!(!t.is_trusted_destination("sitebuild.com") && !t.is_hosting("northbank.com"));
    }

    /// Two letters read as one count for four-letter names; `n` reads as `h`; a plural name's singular is a
    /// word, not a typo.
    #[test]
    fn two_letter_looks_and_plural_names() {
        let t = TopSites::parse("wave.com\nthorn.com\nmarkets.com\nbell.com\n");
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        assert_eq!(name(t.imitated("vvave", 6)), Some("wave".into()));
        assert_eq!(name(t.imitated("tnorn", 6)), Some("thorn".into()));
        // One letter for another stays five letters and up (`dell` beside `bell`).
        assert_eq!(name(t.imitated("dell", 6)), None);
        assert_eq!(name(t.imitated("market", 6)), None);
        assert_eq!(name(t.imitated("markest", 6)), Some("markets".into()));
        assert!(singular_of("market", "markets") && !singular_of("markets", "market"));
    }

    #[test]
    fn generic_tlds() {
        assert!(generic_tld("top") && generic_tld("online") && generic_tld("app"));
        assert!(!generic_tld("com") && !generic_tld("de") && !generic_tld("co.uk"));
        assert!(!generic_tld("xn--p1ai"));
    }

    /// A short name's typo, look-alike letter or glued affix is found (a weak sign that the page must
    /// confirm); a documentation domain is known but protects no name.
    #[test]
    fn weak_signs_of_short_names() {
        let t = TopSites::parse(
            "kqbv.com\nzanto.com\nqxr.com\nexample.org unprotected\nword.com tail\n",
        );
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        // Five letters: one edit. Four: one look-alike letter only. Three: a doubled letter.
        assert_eq!(name(t.near_short("zabto", 6)), Some("zanto".into()));
        assert_eq!(name(t.near_short("zanot", 6)), Some("zanto".into()));
        assert_eq!(name(t.near_short("zanuo", 6)), Some("zanto".into()));
        assert_eq!(name(t.near_short("zenti", 6)), None);
        // Two vowels one letter apart written the other way round (`nevar` for `naver`), not other
        // letters exchanged, vowels two letters apart, nor an English word (`rides` beside `redis`).
        let v = TopSites::parse("naver.com\nredis.io\nnavar.com tail\n");
        assert_eq!(name(v.near_short("nevar", 6)), Some("naver".into()));
        assert_eq!(name(v.near_short("nevar", 5)), None);
        assert_eq!(name(v.near_short("nrvae", 6)), None);
        assert_eq!(name(v.near_short("nreva", 6)), None);
        assert_eq!(name(v.near_short("rides", 6)), None);
        assert_eq!(name(v.near_short("redis", 6)), None);
        assert_eq!(name(t.near_short("zinto", 6)), Some("zanto".into()));
        // Not any edit: a far key, a letter put in or left out.
        assert_eq!(name(t.near_short("zanko", 6)), None);
        assert_eq!(name(t.near_short("zantro", 6)), None);
        assert!(
            neighbouring_keys(b'x', b'z')
                && neighbouring_keys(b'i', b'j')
                && !neighbouring_keys(b'o', b'c')
        );
        assert_eq!(name(t.near_short("kqbj", 6)), None);
        // Four letters: one bit of one letter flipped (`v` 0x76 to `w` 0x77, `q` 0x71 to `s` 0x73),
        // dnstwist's bitsquatting; not a flip of two bits (`v` to `z`).
        assert_eq!(name(t.near_short("kqbw", 6)), Some("kqbv".into()));
        assert_eq!(name(t.near_short("ksbv", 6)), Some("kqbv".into()));
        assert_eq!(name(t.near_short("kqbz", 6)), None);
        assert!(bit_flipped_letter(b"pyqi", b"pypi") && !bit_flipped_letter(b"py1i", b"pypi"));
        assert_eq!(name(t.near_short("kqdv", 6)), Some("kqbv".into()));
        assert_eq!(name(t.near_short("qxxr", 6)), Some("qxr".into()));
        assert_eq!(name(t.near_short("zanto", 6)), None);
        assert_eq!(name(t.near_short("wort", 6)), None);
        // A common word one bit from a four-letter name is that word (`bill`, `bild` flipped).
        let words = TopSites::parse("bild.de\n");
        assert_eq!(name(words.near_short("bill", 6)), None);
        assert_eq!(name(words.near_short("bilf", 6)), Some("bild".into()));
        // Glued affix words around a three- or four-letter name, also with two neighbours swapped.
        assert_eq!(name(t.short_with_affixes("qxrsecure")), Some("qxr".into()));
        assert_eq!(name(t.short_with_affixes("mykbqv")), Some("kqbv".into()));
        assert_eq!(name(t.short_with_affixes("qxrfans")), None);
        // Documentation domains.
        assert!(t.is_known("example.org") && t.exact("example").is_none());
    }

    /// A listed domain spelt with hyphens among other words, whatever the name's length.
    #[test]
    fn domains_spelt_with_hyphens() {
        let t = TopSites::parse(
            "zq.com
northbank.co.uk
vrk.mx
zanto.com tail
",
        );
        let lure = |own: &[&str]| t.lure_brand(own, None, false, 6).map(|b| b.label.clone());
        assert_eq!(lure(&["zq-com-verified"]), Some("zq".into()));
        assert_eq!(lure(&["vrk-mx-avisos"]), Some("vrk".into()));
        assert_eq!(lure(&["northbank-co-uk-portal"]), Some("northbank".into()));
        // The pair alone is the whole label; an ending the name is not listed with; the long tail.
        assert_eq!(lure(&["zq-com"]), None);
        assert_eq!(lure(&["vrk-br-avisos"]), None);
        assert_eq!(lure(&["zanto-com-news"]), None);
    }

    /// On a hosting service a label led by a name and two more words is the name posed as; a project
    /// about the name, another name beside it, or a single word after it is not.
    #[test]
    fn brand_led_labels_on_hosting_services() {
        let t = TopSites::parse(
            "northbank.com
quokkapay.io
sitebuild.com hosting
",
        );
        let lure = |own: &[&str], hosted: Option<&str>| {
            t.lure_brand(own, hosted, false, 6).map(|b| b.label.clone())
        };
        assert_eq!(
            lure(&["northbank-summer-bonanza"], Some("web.app")),
            Some("northbank".into())
        );
        assert_eq!(
            lure(&["quokkapay-team-drive"], Some("sitebuild.com")),
            Some("quokkapay".into())
        );
        assert_eq!(lure(&["northbank-summer-bonanza"], None), None);
        assert_eq!(lure(&["northbank-summer"], Some("web.app")), None);
        assert_eq!(lure(&["northbank-clone-react"], Some("web.app")), None);
        assert_eq!(lure(&["northbank-quokkapay-bridge"], Some("web.app")), None);
        assert_eq!(lure(&["summer-northbank-bonanza"], Some("web.app")), None);
        // A brand's organisation on a code host.
        assert_eq!(lure(&["northbank-open-source"], Some("github.io")), None);
        // A bucket or page named by the name glued to a lure word, numbered or not, either way round;
        // not a name glued to an ordinary word, nor off a hosting service.
        let bucket = Some("blob.core.windows.net");
        assert_eq!(lure(&["northbanksign01"], bucket), Some("northbank".into()));
        assert_eq!(lure(&["verifyquokkapay"], bucket), Some("quokkapay".into()));
        assert_eq!(
            lure(&["northbankbilling"], bucket),
            Some("northbank".into())
        );
        assert_eq!(lure(&["northbankphotos01"], bucket), None);
        assert_eq!(lure(&["northbanksign123456"], bucket), None);
        assert_eq!(
            t.glued_with_lure("northbanksign01")
                .map(|b| b.label.clone()),
            Some("northbank".into())
        );
    }

    /// A short name's typo or look-alike letters, composed with a lure word in the registrable label.
    #[test]
    fn short_names_composed_with_lure_words() {
        let t = TopSites::parse(
            "zanto.com
kqbv.com
dzx.com
quarzbank.com.tr
word.com tail
",
        );
        let lure = |own: &[&str]| t.lure_brand(own, None, false, 6).map(|b| b.label.clone());
        // A vowel swapped, a look-alike letter, two letters shown as one (`cl` for `d`).
        assert_eq!(lure(&["zantu-offer"]), Some("zanto".into()));
        assert_eq!(lure(&["kqdv-verify"]), Some("kqbv".into()));
        assert_eq!(lure(&["clzx-paket"]), Some("dzx".into()));
        // The bank's word in another language, or mistyped.
        assert_eq!(lure(&["quarzbnakasi-giris"]), Some("quarzbank".into()));
        assert_eq!(lure(&["quarzbanka-prijava"]), Some("quarzbank".into()));
        // Without a lure word, or in a subdomain, each is a weak sign only.
        assert_eq!(lure(&["zantu-studio"]), None);
        assert_eq!(lure(&["clzx-paket", "example"]), None);
        assert_eq!(lure(&["quarzkasi-giris"]), None);
        assert_eq!(lure(&["clzx"]), None);
        // Three letters with one look-alike letter count under the name's own country ending only.
        let c = TopSites::parse(
            "izq.nl
izq.com
",
        );
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        assert_eq!(
            name(c.short_in_its_country("mijn-lzq", "nl")),
            Some("izq".into())
        );
        assert_eq!(name(c.short_in_its_country("mijn-lzq", "de")), None);
        assert_eq!(name(c.short_in_its_country("lzq-tuin", "nl")), None);
        assert_eq!(name(c.short_in_its_country("mijn-lzq", "com")), None);
    }

    /// The word for bank beside a sign-in word in a registrable label, whichever bank it is.
    #[test]
    fn bank_sign_in_pages_of_unlisted_banks() {
        assert_eq!(bank_sign_in("harbourvale-bank-login"), Some("bank"));
        assert_eq!(bank_sign_in("tidewaterbank-verify"), Some("tidewaterbank"));
        assert_eq!(bank_sign_in("bancodelsur-acceso"), Some("bancodelsur"));
        assert_eq!(bank_sign_in("kaskadbankasi-giris"), Some("kaskadbankasi"));
        // A bank's other words, a sign-in word without a bank, a glued sign-in word, no hyphen.
        assert_eq!(bank_sign_in("harbourvale-bank-careers"), None);
        assert_eq!(bank_sign_in("harbourvale-login"), None);
        assert_eq!(bank_sign_in("harbourvalebank-securelogin"), None);
        assert_eq!(bank_sign_in("tidewaterbanklogin"), None);
    }

    /// A country's name with its own abbreviation moved to `.com`; any name of five letters under `.co`.
    #[test]
    fn abbreviated_names_and_the_co_ending() {
        let t = TopSites::parse(
            "kuroda-exp.co.jp
acme-group.fr
widgetly.io
zqx.com
",
        );
        let name = |b: Option<&TopBrand>| b.map(|b| b.label.clone());
        assert_eq!(
            name(t.tld_swap("kuroda-exp", "kuroda-exp.com")),
            Some("kuroda-exp".into())
        );
        assert_eq!(name(t.tld_swap("kuroda-exp", "kuroda-exp.org")), None);
        assert_eq!(name(t.tld_swap("acme-group", "acme-group.com")), None);
        assert_eq!(
            name(t.tld_swap("widgetly", "widgetly.co")),
            Some("widgetly".into())
        );
        assert_eq!(name(t.tld_swap("zqx", "zqx.co")), None);
    }

    /// Lure words of more languages, as phishers write them in hosts.
    #[test]
    fn lure_words_of_more_languages() {
        for w in [
            "bezorging",
            "doruceni",
            "kezbesites",
            "livrare",
            "posiljka",
            "tawseel",
            "haisou",
            "kuaidi",
            "taekbae",
            "penghantaran",
            "posylka",
            "vhod",
            "zasilky",
            "douane",
            "teslimat",
            "docs",
            "aktualisierung",
            "recadastramento",
            "aclaraciones",
            "gegevens",
            "guncelleme",
            "taxa",
            "gebuehren",
            "gutschein",
            "fileshare",
        ] {
            assert!(is_lure(w), "{w}");
        }
        // Glued to a name, from four letters.
        assert!(is_lure("bezorgingnl") && is_lure("mytawseel"));
        // Ordinary words stay ordinary.
        for w in ["garden", "photos", "recipes", "music"] {
            assert!(!is_lure(w), "{w}");
        }
        assert!(LURE_WORDS.iter().all(|w| w.is_ascii() && !w.is_empty()));
    }

    /// Stems read a lure word's forms in its languages; country names come folded from iso-codes, and
    /// names that are ordinary words or too short are not among them.
    #[test]
    fn lure_stems_and_country_words() {
        for w in [
            "verifiera",
            "verificacion",
            "bekrefte",
            "potvrdit",
            "doplata",
            "validar",
        ] {
            assert!(strong_lure(w) && is_lure(w), "{w}");
        }
        for w in [
            "veritas",
            "confetti",
            "refugee",
            "poplar",
            "subsidiary",
            "validata",
            "authorized",
            "identified",
        ] {
            assert!(!strong_lure(w), "{w}");
        }
        // Aid words are weak: bait beside a listed name only.
        assert!(is_lure("dopomoga") && !strong_lure("dopomoga") && !strong_lure("bantuan"));
        for w in [
            "sverige",
            "egypt",
            "deutschland",
            "polska",
            "misir",
            "norge",
        ] {
            assert!(country_word(w), "{w}");
        }
        for w in [
            "jordan", "georgia", "turkey", "peru", "island", "online", "bank",
        ] {
            assert!(!country_word(w), "{w}");
        }
        assert!(COUNTRIES.iter().all(|w| w.is_ascii() && w.len() >= 5));
    }

    /// A listed bank's or wallet's coined name beside any word on a generic ending; not under a
    /// country's ending, not beside a project's word or another listed name, not a short or tail name.
    #[test]
    fn finance_names_beside_any_word() {
        let t = TopSites::parse(
            "northbank.co.th\nquokkapay.com\nzenpay.com\nfjordwallet.io tail\nacme.com\n",
        );
        let f = |label: &str, suffix: &str| t.finance_combo(label, suffix).map(|b| b.label.clone());
        assert_eq!(f("northbank-kplus", "com"), Some("northbank".into()));
        assert_eq!(f("quokkapay-bonus", "net"), Some("quokkapay".into()));
        assert_eq!(f("northbank-miles", "de.com"), Some("northbank".into()));
        assert_eq!(f("northbank-kplus", "co.th"), None);
        assert_eq!(f("northbank-city", "de"), None);
        assert_eq!(f("northbank-api", "com"), None);
        assert_eq!(f("northbank-acme", "com"), None);
        assert_eq!(f("northbank-2024", "com"), None);
        assert_eq!(f("zenpay-bonus", "com"), None);
        assert_eq!(f("fjordwallet-bonus", "com"), None);
        assert_eq!(f("northbank", "com"), None);
    }

    /// A name nobody lists beside a strong lure word is bait whatever the name; ordinary company words
    /// beside a name, or lure words alone, are not.
    #[test]
    fn unlisted_names_beside_strong_lure_words() {
        assert_eq!(
            unlisted_combo("harbourtrust-login"),
            Some(("harbourtrust", "login"))
        );
        assert_eq!(
            unlisted_combo("kestrelbank-giris"),
            Some(("kestrelbank", "giris"))
        );
        assert_eq!(
            unlisted_combo("revenue-board-refund"),
            Some(("revenue", "refund"))
        );
        assert_eq!(
            unlisted_combo("northwind-verifynow"),
            Some(("northwind", "verifynow"))
        );
        assert_eq!(unlisted_combo("우체국-로그인"), Some(("우체국", "로그인")));
        assert_eq!(unlisted_combo("zefir-viplati"), Some(("zefir", "viplati")));
        // A post office's word beside any lure word, a parcel word too.
        assert_eq!(
            unlisted_combo("slovenska-posta-balik"),
            Some(("posta", "balik"))
        );
        assert_eq!(
            unlisted_combo("ruritaniapost-tracking"),
            Some(("ruritaniapost", "tracking"))
        );
        // Stems read every form of a lure word (`verifiera`, `bekreftelse`), and a lure word written as
        // two syllables or words (`xac-thuc`, `sucursal-virtual`) is read joined; a country's name is no
        // name of its own.
        assert_eq!(
            unlisted_combo("nordbank-sverige-verifiera"),
            Some(("nordbank", "verifiera"))
        );
        assert_eq!(
            unlisted_combo("fjordpay-bekreftelse"),
            Some(("fjordpay", "bekreftelse"))
        );
        assert_eq!(
            unlisted_combo("songhong-xac-thuc"),
            Some(("songhong", "xac-thuc"))
        );
        assert_eq!(
            unlisted_combo("bancoandino-sucursal-virtual"),
            Some(("bancoandino", "sucursal-virtual"))
        );
        assert_eq!(
            unlisted_combo("sverige-verifiera"),
            Some(("sverige", "verifiera"))
        );
        assert_eq!(unlisted_combo("xac-thuc"), None);
        assert_eq!(
            unlisted_combo("bancoandino-banca-en-linea"),
            Some(("bancoandino", "banca-en-linea"))
        );
        assert_eq!(
            unlisted_combo("telefjord-min-side"),
            Some(("telefjord", "min-side"))
        );
        // Aid words and look-alike starts are no strong lure words of their own.
        assert_eq!(unlisted_combo("bantuan-hukum"), None);
        assert_eq!(unlisted_combo("authorized-dealer"), None);
        assert_eq!(unlisted_combo("compost-delivery"), None);
        assert_eq!(unlisted_combo("posta-restaurant"), None);
        for label in [
            "acme-support",
            "acme-delivery",
            "acme-online-shop",
            "secure-login-portal",
            "login-2024",
            "acmelogin",
            "girisim-acme",
            "acme",
            "demo-login",
        ] {
            assert_eq!(unlisted_combo(label), None, "{label}");
        }
        assert!(STRONG_LURES
            .iter()
            .all(|w| w.is_ascii() && !w.is_empty() && !w.contains('-')));
    }

    /// A listed domain spelt whole as a registrable label; a name under a country's commercial
    /// second-level ending is left alone.
    #[test]
    fn domains_spelt_whole_and_second_level_endings() {
        let t = TopSites::parse(
            "quokkapay.dev
northbank.com
northbank.de
wombat.com
",
        );
        let lure = |own: &[&str]| t.lure_brand(own, None, false, 6).map(|b| b.label.clone());
        assert_eq!(lure(&["quokkapay-dev"]), Some("quokkapay".into()));
        assert_eq!(lure(&["northbank-de"]), Some("northbank".into()));
        // In a subdomain it is somebody's mirror or proxy; an ending the name is not listed with is
        // not its domain spelt.
        assert_eq!(lure(&["quokkapay-dev", "mirrors"]), None);
        assert_eq!(lure(&["quokkapay-app"]), None);
        let swap = |label: &str, reg: &str| t.tld_swap(label, reg).map(|b| b.label.clone());
        // (`urls13`) A global-only name under a country zone no listed business uses is a swap.
        assert_eq!(swap("wombat", "wombat.com.ge"), Some("wombat".into()));
        assert_eq!(swap("wombat", "wombat.ge"), None);
        assert_eq!(swap("wombat", "wombat.top"), Some("wombat".into()));
    }

    /// A global name under a country's commercial zone is judged by what the list knows of that
    /// country: its companies directly under its code and none under the zone makes the zone no
    /// brand's country site.
    #[test]
    fn global_names_under_a_countrys_unused_commercial_zone() {
        let t = TopSites::parse(
            "wombat.com
quokkabank.ge
emubank.com.br
emubank.am
emubank.com.am
kestrel.com
kestrel.ge
numbat.ge
tinyco.com tail
",
        );
        let swap = |label: &str, reg: &str| t.tld_swap(label, reg).map(|b| b.label.clone());
        // `.ge`'s listed companies are under `.ge`, none under `com.ge`: a global name there is a swap.
        assert_eq!(swap("wombat", "wombat.com.ge"), Some("wombat".into()));
        assert_eq!(swap("wombat", "wombat.net.ge"), Some("wombat".into()));
        // A zone the list knows is used (`com.br`; `com.am` beside `emubank.am`), a country it knows
        // nothing of (`.hn`), `org.<cc>` (international organisations' chapters): left alone.
        assert_eq!(swap("wombat", "wombat.com.br"), None);
        assert_eq!(swap("wombat", "wombat.com.am"), None);
        // (`urls13`) A country the list knows nothing of: a global-only name there is a swap, a name
        // with a country site on the list is left alone.
        assert_eq!(swap("wombat", "wombat.com.hn"), Some("wombat".into()));
        assert_eq!(swap("kestrel", "kestrel.com.hn"), None);
        assert_eq!(swap("wombat", "wombat.org.ge"), None);
        // A name with a site in that country, a country's own name, and the long tail: left alone.
        assert_eq!(swap("kestrel", "kestrel.com.ge"), None);
        assert_eq!(swap("numbat", "numbat.com.ge"), None);
        assert_eq!(swap("tinyco", "tinyco.com.ge"), None);
    }
}
