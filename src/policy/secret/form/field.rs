//! A property as the classifier reads it: its members found in one pass over its keys ([`Prop`]), the kind
//! of field it is for typing a secret into ([`FieldKind`]: free text, a number, or a choice), and what its
//! `format` says it holds.
//!
//! The format decides two readings of a field that names nothing of its own: a typed value (an e-mail
//! address, a date; [`holds_typed_value`]) cannot take the secret the message names, since the client
//! checks the format; a link ([`takes_link`]) carries any text after a scheme and takes the message's
//! secret when that secret is a link itself.

use crate::wire::tree::Node;

/// What a property is, for the purpose of typing a secret into it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum FieldKind {
    /// A free string.
    Text,
    /// A number or integer.
    Number,
    /// A choice: enum, oneOf, array, boolean, const.
    Choice,
}

/// The members of a property the classifier reads, found in one pass over its keys (a property has a handful
/// of members; a dozen map lookups per property cost more than the matching itself).
pub(super) struct Prop<'v, 'a> {
    pub(super) value: &'v Node<'a>,
    pub(super) format: &'v str,
    pub(super) title: &'v str,
    pub(super) description: &'v str,
    /// `pattern`, `minLength`, `maxLength`, `minimum`, `maximum`: the shape a value must have, read by the
    /// language-free signals ([`structure`](super::structure)).
    pub(super) pattern: &'v str,
    pub(super) min_length: Option<u64>,
    pub(super) max_length: Option<u64>,
    pub(super) minimum: Option<f64>,
    pub(super) maximum: Option<f64>,
    pub(super) kind: FieldKind,
    /// Has `default`, `const`, `enum`, `examples`, `oneOf`, `anyOf` or `items`: values the server fills in.
    pub(super) pushes_values: bool,
}

impl<'v, 'a> Prop<'v, 'a> {
    pub(super) fn of(value: &'v Node<'a>) -> Prop<'v, 'a> {
        let mut p = Prop {
            value,
            format: "",
            title: "",
            description: "",
            pattern: "",
            min_length: None,
            max_length: None,
            minimum: None,
            maximum: None,
            kind: FieldKind::Text,
            pushes_values: false,
        };
        let Some(obj) = value.as_object() else {
            return p;
        };
        let mut choice = false;
        let mut ty = None;
        let text = |v: &'v Node<'a>| v.as_str().unwrap_or("");
        for (k, v) in obj {
            match k {
                "format" => p.format = text(v),
                "title" => p.title = text(v),
                "description" => p.description = text(v),
                "pattern" => p.pattern = text(v),
                "minLength" => p.min_length = v.as_u64(),
                "maxLength" => p.max_length = v.as_u64(),
                "minimum" => p.minimum = v.as_f64(),
                "maximum" => p.maximum = v.as_f64(),
                "type" => ty = v.as_str(),
                "enum" | "oneOf" | "anyOf" | "const" | "items" => {
                    choice = true;
                    p.pushes_values = true;
                }
                "enumNames" => choice = true,
                "default" | "examples" => p.pushes_values = true,
                _ => {}
            }
        }
        p.kind = if choice {
            FieldKind::Choice
        } else {
            match ty {
                Some("number") | Some("integer") => FieldKind::Number,
                Some("boolean") | Some("array") | Some("object") | Some("null") => {
                    FieldKind::Choice
                }
                _ => FieldKind::Text,
            }
        };
        p
    }
}

/// Whether the field's `format` makes it hold a value of another kind than a secret (an e-mail address, a
/// date): the client checks that format, so a field naming nothing of its own is not read as taking the
/// secret its message speaks of ("e-mail de recuperação" under "caso esqueça a senha"). Only that reading: a
/// field that names a secret itself is judged whatever its format. A link is not such a value
/// ([`takes_link`]): it carries any text after a scheme, and some links are secrets themselves.
pub(super) fn holds_typed_value(prop: &Prop<'_, '_>) -> bool {
    matches!(
        prop.format.trim(),
        "email" | "idn-email" | "date" | "date-time" | "time"
    )
}

/// Whether the field's `format` is a link's. A link can be the secret (a magic sign-in link, a password
/// reset link, a webhook or database URL with its credentials), and a client need not check the format: a
/// link field naming nothing of its own takes the secret its message names when that secret is a link.
pub(super) fn takes_link(prop: &Prop<'_, '_>) -> bool {
    matches!(
        prop.format.trim(),
        "uri" | "iri" | "uri-reference" | "iri-reference"
    )
}
