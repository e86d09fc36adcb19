//! How a verdict is written: a finding's rule id (`form.secret.<category>`), its pointer and its explanation.
//!
//! A field's finding ([`finding`]) quotes the term as the pack writes it and the text it was found in, never
//! a value; a field whose name holds a credential is not repeated, not even in its pointer ([`field_ptr`]).
//! The `developer` findings of a `.env` or another credential file named as written ([`dotenv_finding`]) and
//! of a command that prints a secret ([`command_finding`]) are made only when that category is on.
//! `form.language.unsupported` ([`unread_language`]) records a form in a language no pack reads.

use super::hit::Hit;
use crate::policy::secret::formats::Search;
use crate::policy::secret::language;
use crate::policy::secret::pack::{CatId, Compiled};
use crate::policy::{pointer_push, Finding};

/// The pointer of a property. A name that holds a credential is not repeated, not even in a pointer: the
/// finding points at the properties object instead.
pub(super) fn field_ptr(c: &Compiled, props_ptr: &dyn Fn() -> String, name: &str) -> String {
    let withheld = crate::policy::secret::may_hold_format(name)
        && c.formats
            .is_match(crate::policy::secret::scan_limit(name), Search::All);
    if withheld {
        props_ptr()
    } else {
        pointer_push(&props_ptr(), name)
    }
}

pub(super) fn finding(
    c: &Compiled,
    cat: CatId,
    ptr: &str,
    name: &str,
    hit: &Hit,
    verb: &str,
) -> Finding {
    let (cat_name, label) = c
        .categories
        .get(cat)
        .map(|k| (k.name.as_str(), k.label.as_str()))
        .unwrap_or(("credential", "a secret"));
    let term = c.shown.get(hit.pattern).map(String::as_str).unwrap_or("");
    Finding::block(
        format!("form.secret.{cat_name}"),
        ptr,
        format!(
            "form field `{}` {verb} {label} (matched \"{term}\" in its {}); secrets must go through URL mode",
            crate::policy::secret::shown_name(c, name),
            hit.source.label()
        ),
    )
}

/// `form.language.unsupported` when the form's text is identified as a language no pack covers. Built as a
/// blocking finding like every other; its default action is `monitor` (`policies/rules.yaml`), and an
/// operator sets it as any rule.
pub(super) fn unread_language(
    c: &Compiled,
    text: &language::FormText,
    memo: &mut language::Memo,
    params_ptr: &str,
    out: &mut Vec<Finding>,
) {
    if let Some(lang) = memo.unsupported(c, text.as_str()) {
        out.push(Finding::block(
            "form.language.unsupported",
            params_ptr.to_owned(),
            format!(
                "the form is written in {} ({}), a language no secret pack reads: a secret it asks for cannot be recognised",
                lang.eng_name(),
                lang.code()
            ),
        ));
    }
}

/// The `developer` finding for a `.env` (or another credential file) named as written, when the category is
/// on; `matched` says what was read.
pub(super) fn dotenv_finding(
    c: &Compiled,
    ptr: String,
    what: &str,
    matched: &str,
) -> Option<Finding> {
    let info = c
        .category("developer")
        .and_then(|k| c.categories.get(k))
        .filter(|i| i.enabled)?;
    Some(Finding::block(
        format!("form.secret.{}", info.name),
        ptr,
        format!(
            "{what} {} (matched {matched}); secrets must go through URL mode",
            info.label
        ),
    ))
}

/// The `developer` finding for a text that has the user run a command printing credentials
/// ([`command::prints_secret`](super::command::prints_secret)), when the category is on.
pub(super) fn command_finding(c: &Compiled, ptr: String, whose: &str) -> Option<Finding> {
    let info = c
        .category("developer")
        .and_then(|k| c.categories.get(k))
        .filter(|i| i.enabled)?;
    Some(Finding::block(
        format!("form.secret.{}", info.name),
        ptr,
        format!(
            "{whose} has the user run a command that prints {} and asks for its output; secrets must go through URL mode",
            info.label
        ),
    ))
}
