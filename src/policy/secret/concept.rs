//! Concepts that combine: a secret asked for by what it is, never by its name.
//!
//! The most common miss at first sight, in every batch and language, is a secret described rather than
//! named: "the numbers in the SMS that just arrived" (a one-time code), "the four digits you press at the
//! ATM" (a PIN), "the characters you sign in with" (a password). Each batch words these differently, so a
//! list of the phrases seen does not hold; what holds is that they are made of a few ideas, each said in
//! few ways per language: DIGITS (digits, numbers, a string of them), ARRIVED (just sent, received, texted,
//! popped up on the phone, in the SMS), CASH (the ATM, withdrawing, paying by card, sending money), SIGN-IN
//! (logging in, unlocking, the webmail), TEXT (the characters, the word, what one types) and SECRET (the
//! secret number or word). Two of them in one clause say which secret it is.
//!
//! A pack lists the words of each concept once (`kind: concept`, `concept: digits`); [`expand`] turns a
//! concept group into the weak and qualifier groups of every pairing it takes part in ([`ROLES`]), before
//! the pack is compiled. So the pairing, the one-clause reach, the prefilter, the benign phrases and the
//! reading of a neutral field's message (`form.rs`) are those the weak and qualifier kinds already have,
//! and a concept word of one pack pairs with the other concept's words of every pack (Taglish "6-digit na
//! numero sa cellphone": English DIGITS, Tagalog ARRIVED). One word list per idea serves every secret it
//! is part of: the DIGITS words name a code's digits and a PIN's.
//!
//! Nothing here runs per judgement: it rewrites the pack groups once, when the policy is compiled.

use super::pack::{GroupSpec, Kind};
use super::SecretError;

/// Words between a concept's weak word and the qualifier that completes it: one clause ("the four digits
/// you press at the ATM", "ఏటీఎంలో పణం తీసేటప్పుడు మీరు నొక్కే నాలుగు అంకెలు").
pub const CONCEPT_REACH: usize = 6;

/// What a concept is in the pairings: the kind its words take, for which category, and with what reach.
struct Role {
    kind: Kind,
    category: &'static str,
    reach: Option<usize>,
}

const fn weak(category: &'static str) -> Role {
    Role {
        kind: Kind::Weak,
        category,
        reach: Some(CONCEPT_REACH),
    }
}

const fn qualifier(category: &'static str) -> Role {
    Role {
        kind: Kind::Qualifier,
        category,
        reach: None,
    }
}

/// The concepts and their roles. A one-time code is DIGITS with ARRIVED; a PIN is DIGITS or SECRET with
/// CASH; a password is TEXT, SECRET or DIGITS with SIGN-IN ("the code you log in with": a code one signs in
/// with is a credential whatever its name). A use verb ("you type", "you press") is part of the
/// phrases that carry it (`number you press`, `what you type`), not a third concept required: "ciąg
/// znaków, którym logujesz się" names none and is a password all the same.
const ROLES: &[(&str, &[Role])] = &[
    ("digits", &[weak("otp"), weak("pin"), weak("password")]),
    ("arrived", &[qualifier("otp")]),
    ("cash", &[qualifier("pin")]),
    ("secret", &[weak("pin"), weak("password")]),
    ("text", &[weak("password")]),
    ("signin", &[qualifier("password")]),
];

/// The concept names a pack may use, for error messages.
pub const NAMES: &str = "digits, arrived, cash, secret, text, signin";

/// Replaces every `kind: concept` group of a pack by the weak and qualifier groups of its roles. Errors on
/// a concept group without a known `concept`, on a `concept` key outside one, and on keys a concept group
/// does not take (its category and reach come from [`ROLES`]).
pub fn expand(file: &str, groups: &mut Vec<GroupSpec>) -> Result<(), SecretError> {
    let err = |reason: String| SecretError::Pack {
        file: file.to_owned(),
        reason,
    };
    if !groups
        .iter()
        .any(|g| g.kind == Kind::Concept || g.concept.is_some())
    {
        return Ok(());
    }
    let mut out = Vec::with_capacity(groups.len() + 8);
    for g in groups.drain(..) {
        if g.kind != Kind::Concept {
            if g.concept.is_some() {
                return Err(err(format!(
                    "`concept` is for concept groups, not a {:?} group",
                    g.kind
                )));
            }
            out.push(g);
            continue;
        }
        let name = g.concept.as_deref().unwrap_or("");
        let Some((_, roles)) = ROLES.iter().find(|(n, _)| *n == name) else {
            return Err(err(format!(
                "a concept group needs `concept:` one of {NAMES} (got {name:?})"
            )));
        };
        if g.category.is_some() || g.reach.is_some() || g.asks || g.verb_final {
            return Err(err(
                "a concept group takes no `category`, `reach`, `asks` or `final`: its roles set them"
                    .to_owned(),
            ));
        }
        for role in roles.iter() {
            out.push(GroupSpec {
                kind: role.kind,
                category: Some(role.category.to_owned()),
                match_mode: g.match_mode,
                scope: g.scope,
                inflect: g.inflect,
                asks: false,
                inverted: false,
                verb_final: false,
                reach: role.reach,
                clitics: Vec::new(),
                subject_only: false,
                // Kept, so that the compiled terms know they are a concept's (`TermInfo::concept`).
                concept: g.concept.clone(),
                terms: g.terms.clone(),
            });
        }
    }
    *groups = out;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(yaml: &str) -> Vec<GroupSpec> {
        #[derive(serde::Deserialize)]
        struct F {
            groups: Vec<GroupSpec>,
        }
        serde_saphyr::from_str::<F>(yaml).expect("test yaml").groups
    }

    #[test]
    fn a_concept_group_becomes_the_groups_of_its_roles() {
        let mut g = groups(
            "groups:\n  - kind: concept\n    concept: digits\n    terms: [zifry]\n  - kind: concept\n    concept: cash\n    terms: [bankomatu]\n  - kind: request\n    terms: [frobni]\n",
        );
        expand("t.yaml", &mut g).expect("expands");
        let roles: Vec<(Kind, Option<&str>, Option<usize>)> = g
            .iter()
            .map(|g| (g.kind, g.category.as_deref(), g.reach))
            .collect();
        assert_eq!(
            roles,
            vec![
                (Kind::Weak, Some("otp"), Some(CONCEPT_REACH)),
                (Kind::Weak, Some("pin"), Some(CONCEPT_REACH)),
                (Kind::Weak, Some("password"), Some(CONCEPT_REACH)),
                (Kind::Qualifier, Some("pin"), None),
                (Kind::Request, None, None),
            ]
        );
        assert!(g.iter().all(|g| g.kind != Kind::Concept));
    }

    #[test]
    fn a_wrong_concept_group_is_an_error() {
        for yaml in [
            "groups:\n  - kind: concept\n    terms: [zifry]\n",
            "groups:\n  - kind: concept\n    concept: numbers\n    terms: [zifry]\n",
            "groups:\n  - kind: concept\n    concept: cash\n    category: pin\n    terms: [zifry]\n",
            "groups:\n  - kind: concept\n    concept: digits\n    reach: 3\n    terms: [zifry]\n",
            "groups:\n  - kind: weak\n    category: pin\n    concept: digits\n    terms: [zifry]\n",
        ] {
            assert!(expand("t.yaml", &mut groups(yaml)).is_err(), "{yaml}");
        }
    }
}
