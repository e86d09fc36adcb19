//! The judged message as a tree that borrows its text from the bytes it was parsed from, and remembers where
//! each object member's value sits in them.
//!
//! CONTRACT (wire helper): [`parse`] accepts and refuses exactly what [`super::strict::parse_strict`] does
//! (UTF-8 checked over the whole body first; one JSON value with surrounding whitespace; duplicate keys after
//! escape decoding, nesting deeper than [`MAX_DEPTH`], more than [`MAX_VALUES`] values and everything serde_json
//! refuses are refused), with the same [`StrictError`] kinds, and [`Node::to_value`] of its tree equals
//! `parse_strict`'s `Value`. Never panics.
//!
//! Why it is written here rather than taken from serde_json: the gateway judges every message that may carry an
//! elicitation, and building serde_json's `Value` (a `String` per key and string, a `BTreeMap` per object) and
//! dropping it was a large part of the cost of judging one. This tree borrows every string that has no escape and
//! allocates one `Vec` per container. It also keeps what `Value` cannot: the byte span of each member's value,
//! so the sealer can splice its `requestState` into the upstream's own bytes and copy an asked schema as it was
//! written, without re-serialising or searching the message again. serde_json has no positions; the position-
//! keeping parsers on crates.io (jiter, simd-json's tape) neither refuse duplicate keys nor read numbers
//! exactly as serde_json does, and each would be a second grammar to keep in step with `parse_strict`.
//! [`parse_known`] reads the same, but leaves unbuilt the object values its caller recognises by their text
//! ([`Node::Skipped`]; the gateway's remembered form schemas).
//! Numbers are read as serde_json reads them: short integers here (its own arithmetic), anything else by
//! serde_json itself. A differential proptest and a fuzz target hold the contract.
//!
//! Nodes live in an [`Arena`] the caller owns and drops with the tree: a node, a container's slice of children
//! and an escape-decoded string each cost a pointer bump instead of an allocation, and the tree is freed in
//! one go, chunk by chunk, instead of node by node (the drop walk and its frees were a measurable part of
//! judging a message). Nothing in a tree needs dropping.
//!
//! Object members are kept sorted by key (bytewise, as `serde_json::Map`'s `BTreeMap` orders them), so
//! iterating a tree visits members in the order the `Value`-based code always did, and findings come out in
//! the same order.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::ops::{Index, Range};

use serde_json::{Number, Value};

use super::strict::{StrictError, MAX_DEPTH, MAX_VALUES};

mod extent;

pub use extent::{extent, Extent};

/// Where a tree's nodes, children lists and escape-decoded strings are kept: owned by the caller, who keeps it
/// as long as the tree and drops both together.
///
/// Bound: what a parse puts here is bounded by the text it reads: at most [`MAX_VALUES`] nodes (each one
/// `Node` or `Member`, at most 48 bytes) and escape-decoded strings no longer than their text. Containers are
/// allocated once, at their exact size, so nothing is wasted on growth. A tree made by [`Node::from_value`]
/// is bounded by its `Value`.
#[derive(Default)]
pub struct Arena {
    /// Made by the first tree put here, sized for its text: an arena that never receives a tree (a message the
    /// pre-filter passes) costs nothing.
    bump: std::cell::OnceCell<bumpalo::Bump>,
}

impl Arena {
    /// An empty arena; nothing is allocated until a tree is put in it.
    pub fn new() -> Arena {
        Arena::default()
    }

    /// The allocator, made on first use with room for the tree of `len` bytes of typical JSON-RPC text in its
    /// first chunk (a tree takes about twice its text; more grows the arena by further chunks).
    fn bump(&self, len: usize) -> &bumpalo::Bump {
        /// First chunks larger than this are left to growth: a large body of prose needs far less than twice
        /// its size, and the arena doubles its chunks as it goes.
        const MAX_FIRST_CHUNK: usize = 256 * 1024;
        self.bump.get_or_init(|| {
            bumpalo::Bump::with_capacity(len.saturating_mul(2).min(MAX_FIRST_CHUNK))
        })
    }

    /// Bytes held by the arena's chunks.
    pub fn allocated_bytes(&self) -> usize {
        self.bump.get().map_or(0, bumpalo::Bump::allocated_bytes)
    }
}

impl fmt::Debug for Arena {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Arena")
            .field("allocated_bytes", &self.allocated_bytes())
            .finish()
    }
}

/// An arena that lives as long as the test process, so that a test can build its trees inline.
#[cfg(test)]
pub(crate) fn test_arena() -> &'static Arena {
    Box::leak(Box::default())
}

/// Copies `items`, whose number is known, into one slice of `bump`.
fn slice_in<T, I>(bump: &bumpalo::Bump, items: I) -> &[T]
where
    I: IntoIterator<Item = T>,
    I::IntoIter: ExactSizeIterator,
{
    bump.alloc_slice_fill_iter(items)
}

/// One JSON value, borrowing its strings from the parsed text where they had no escape, and everything else
/// from its [`Arena`].
#[derive(Clone, Debug, PartialEq)]
pub enum Node<'a> {
    /// `null`.
    Null,
    /// `true`.
    True,
    /// `false`.
    False,
    /// A number, exactly as serde_json reads it.
    Number(Number),
    /// A string, escape-decoded.
    String(&'a str),
    /// An array.
    Array(&'a [Node<'a>]),
    /// An object, members sorted by key.
    Object(Object<'a>),
    /// An object the caller of [`parse_known`] recognised and did not want built: its text as written, known
    /// to parse (it is the text of an object parsed whole before). Read only through [`Node::expanded`] (which
    /// builds it) and [`Node::to_value`]; every other accessor sees no object in it.
    Skipped(&'a str),
}

/// One object member: its escape-decoded key, its value, and where the value's text sits in the source.
#[derive(Clone, Debug, PartialEq)]
struct Member<'a> {
    key: &'a str,
    value: Node<'a>,
    /// Byte range of the value's text in the parsed source (empty for a tree made by [`Node::from_value`]).
    start: u32,
    /// The range's end, and in its top bit ([`COMPACT`]) whether the value's text has no whitespace between
    /// its tokens (as SDKs write JSON).
    end: u32,
}

/// The bit of [`Member::end`] that says the value's text is compact; texts are shorter than 2 GiB
/// ([`parse_str`]), so an end never reaches it.
///
/// Why a bit and not a `bool` field, and why [`Node`] has `True` and `False` rather than `Bool(bool)`: a
/// member is then 48 bytes with no padding and a node's bytes 1 to 7 are never data. With a `bool` after the
/// two `u32`s (7 bytes of padding) and a `bool` at a node's byte 1, rustc moved members and nodes (each is
/// returned by the parser and written into its parent, then into the arena) with overlapping 4-byte copies
/// of those 7 bytes through the stack, and every such load stalled on store forwarding, which `perf annotate`
/// showed as a large part of the parser's own time on the 64 KB benchmark message.
const COMPACT: u32 = 1 << 31;

impl Member<'_> {
    fn span(&self) -> Option<Range<usize>> {
        let (start, end) = (self.start as usize, (self.end & !COMPACT) as usize);
        (end > start).then_some(start..end)
    }

    fn compact(&self) -> bool {
        self.end & COMPACT != 0
    }
}

/// An object: distinct keys, sorted bytewise.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Object<'a> {
    members: &'a [Member<'a>],
}

/// What an index or missing member reads as (`Value`'s indexing does the same).
static NULL: Node<'static> = Node::Null;

/// Objects with more members than this are searched by halving instead of one by one.
const LINEAR_GET: usize = 8;

impl<'a> Object<'a> {
    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Node<'a>> {
        self.member(key).map(|m| &m.value)
    }

    fn member(&self, key: &str) -> Option<&Member<'a>> {
        if self.members.len() <= LINEAR_GET {
            return self.members.iter().find(|m| same_key(m.key, key));
        }
        self.members
            .binary_search_by(|m| key_order(m.key, key))
            .ok()
            .and_then(|i| self.members.get(i))
    }

    /// Whether `key` is a member.
    pub fn contains_key(&self, key: &str) -> bool {
        self.member(key).is_some()
    }

    /// Where the value of `key` was written in the parsed text. `None` for a missing key and for trees that
    /// were not parsed from text ([`Node::from_value`]).
    pub fn span_of(&self, key: &str) -> Option<Range<usize>> {
        self.member(key)?.span()
    }

    /// [`Object::span_of`], when the value's text has no whitespace between its tokens: it can be copied as
    /// it is wherever compact JSON is wanted.
    pub fn compact_span_of(&self, key: &str) -> Option<Range<usize>> {
        let m = self.member(key)?;
        m.span().filter(|_| m.compact())
    }

    /// The keys, sorted.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &str> + DoubleEndedIterator + '_ {
        self.members.iter().map(|m| m.key)
    }

    /// The values, in key order.
    pub fn values(&self) -> impl ExactSizeIterator<Item = &Node<'a>> + DoubleEndedIterator + '_ {
        self.members.iter().map(|m| &m.value)
    }

    /// Key and value pairs, in key order.
    pub fn iter(&self) -> Iter<'_, 'a> {
        Iter(self.members.iter())
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether there are no members.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }
}

/// Iterator over an [`Object`]'s members.
pub struct Iter<'o, 'a>(std::slice::Iter<'o, Member<'a>>);

impl<'o, 'a> Iterator for Iter<'o, 'a> {
    type Item = (&'o str, &'o Node<'a>);
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|m| (m.key, &m.value))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for Iter<'_, '_> {}

impl DoubleEndedIterator for Iter<'_, '_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|m| (m.key, &m.value))
    }
}

impl<'o, 'a> IntoIterator for &'o Object<'a> {
    type Item = (&'o str, &'o Node<'a>);
    type IntoIter = Iter<'o, 'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> Node<'a> {
    /// The member `key` of an object; `None` for a missing key or a value that is not an object.
    pub fn get(&self, key: &str) -> Option<&Node<'a>> {
        match self {
            Node::Object(o) => o.get(key),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(s) => Some(s),
            _ => None,
        }
    }

    /// The object, if this is one.
    pub fn as_object(&self) -> Option<&Object<'a>> {
        match self {
            Node::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The array's items, if this is one.
    pub fn as_array(&self) -> Option<&[Node<'a>]> {
        match self {
            Node::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Node::True => Some(true),
            Node::False => Some(false),
            _ => None,
        }
    }

    /// As `Value::as_u64`.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Node::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    /// As `Value::as_i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Node::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    /// As `Value::as_f64`.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Node::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    /// As `Value::is_u64`.
    pub fn is_u64(&self) -> bool {
        matches!(self, Node::Number(n) if n.is_u64())
    }

    /// As `Value::is_i64`.
    pub fn is_i64(&self) -> bool {
        matches!(self, Node::Number(n) if n.is_i64())
    }

    /// As `Value::is_f64`.
    pub fn is_f64(&self) -> bool {
        matches!(self, Node::Number(n) if n.is_f64())
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Node::Null)
    }

    /// Whether this is a string.
    pub fn is_string(&self) -> bool {
        matches!(self, Node::String(_))
    }

    /// Whether this is a boolean.
    pub fn is_boolean(&self) -> bool {
        matches!(self, Node::True | Node::False)
    }

    /// Whether this is a number.
    pub fn is_number(&self) -> bool {
        matches!(self, Node::Number(_))
    }

    /// Whether this is an object.
    pub fn is_object(&self) -> bool {
        matches!(self, Node::Object(_))
    }

    /// Whether this is an array.
    pub fn is_array(&self) -> bool {
        matches!(self, Node::Array(_))
    }

    /// The value a JSON pointer (RFC 6901) names, read as `Value::pointer` reads it.
    pub fn pointer(&self, ptr: &str) -> Option<&Node<'a>> {
        if ptr.is_empty() {
            return Some(self);
        }
        let tokens = ptr.strip_prefix('/')?;
        // Split at `/` by hand: `str::split`'s searcher, and `memchr`'s vector set-up, cost more per token than
        // the lookup it serves (pointers here are a few short member names, read a byte at a time). `/` is
        // ASCII, so no cut lands inside a character.
        let mut rest = Some(tokens);
        let mut tokens = std::iter::from_fn(|| {
            let text = rest?;
            match text.bytes().position(|b| b == b'/') {
                Some(at) => {
                    rest = text.get(at + 1..);
                    text.get(..at)
                }
                None => {
                    rest = None;
                    Some(text)
                }
            }
        });
        tokens.try_fold(self, |target, raw| {
            let token: Cow<'_, str> = if raw.as_bytes().contains(&b'~') {
                Cow::Owned(raw.replace("~1", "/").replace("~0", "~"))
            } else {
                Cow::Borrowed(raw)
            };
            match target {
                Node::Object(o) => o.get(&token),
                Node::Array(items) => {
                    // As serde_json reads an index: no sign, no leading zero.
                    let sloppy =
                        token.starts_with('+') || (token.starts_with('0') && token.len() != 1);
                    (!sloppy)
                        .then(|| token.parse::<usize>().ok())
                        .flatten()
                        .and_then(|i| items.get(i))
                }
                _ => None,
            }
        })
    }

    /// The same value as a `serde_json::Value` (for a rewrite, which edits and re-serialises a message).
    pub fn to_value(&self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::True => Value::Bool(true),
            Node::False => Value::Bool(false),
            Node::Number(n) => Value::Number(n.clone()),
            Node::String(s) => Value::String((*s).to_owned()),
            Node::Array(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            Node::Object(o) => Value::Object(
                o.members
                    .iter()
                    .map(|m| (m.key.to_owned(), m.value.to_value()))
                    .collect(),
            ),
            // Its text parsed whole before, so it parses now; `Null` is unreachable.
            Node::Skipped(_) => {
                let arena = Arena::new();
                self.expanded(&arena).map_or(Value::Null, |n| n.to_value())
            }
        }
    }

    /// This node with a [`Node::Skipped`] object built, in `arena`; any other node as it is. Fails only if the
    /// skipped text does not parse, which its recognition rules out: callers fail closed on it all the same.
    pub fn expanded<'s>(&'s self, arena: &'s Arena) -> Result<Node<'s>, StrictError> {
        match self {
            Node::Skipped(text) => parse_str(text, arena),
            other => Ok(other.clone()),
        }
    }

    /// A tree over a `Value`'s strings, without spans, its containers in `arena`: the policy's code reads both
    /// kinds of message through one type (a rewritten message, answers on a retry, and tests).
    pub fn from_value(value: &'a Value, arena: &'a Arena) -> Node<'a> {
        Node::from_value_in(value, arena.bump(0))
    }

    fn from_value_in(value: &'a Value, bump: &'a bumpalo::Bump) -> Node<'a> {
        match value {
            Value::Null => Node::Null,
            Value::Bool(true) => Node::True,
            Value::Bool(false) => Node::False,
            Value::Number(n) => Node::Number(n.clone()),
            Value::String(s) => Node::String(s),
            Value::Array(items) => Node::Array(slice_in(
                bump,
                items.iter().map(|v| Node::from_value_in(v, bump)),
            )),
            // `serde_json::Map` iterates in key order (no `preserve_order` in this build), the order kept here.
            Value::Object(map) => Node::Object(Object {
                members: slice_in(
                    bump,
                    map.iter().map(|(k, v)| Member {
                        key: k,
                        value: Node::from_value_in(v, bump),
                        start: 0,
                        end: 0,
                    }),
                ),
            }),
        }
    }
}

impl<'a> Index<&str> for Node<'a> {
    type Output = Node<'a>;
    /// The member `key`, or `null`, as `Value`'s indexing.
    fn index(&self, key: &str) -> &Node<'a> {
        self.get(key).unwrap_or(&NULL)
    }
}

impl<'a> Index<usize> for Node<'a> {
    type Output = Node<'a>;
    /// The item `i`, or `null`, as `Value`'s indexing.
    fn index(&self, i: usize) -> &Node<'a> {
        self.as_array().and_then(|a| a.get(i)).unwrap_or(&NULL)
    }
}

impl PartialEq<str> for Node<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Node<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl fmt::Display for Node<'_> {
    /// Compact JSON, as `Value` displays.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_value(), f)
    }
}

/// Parses one JSON value strictly into a tree borrowing from `bytes`, its nodes in `arena`. See the module doc.
pub fn parse<'a>(bytes: &'a [u8], arena: &'a Arena) -> Result<Node<'a>, StrictError> {
    let text = simdutf8::compat::from_utf8(bytes)
        .map_err(|e| StrictError::Syntax(format!("invalid UTF-8 at byte {}", e.valid_up_to())))?;
    parse_str(text, arena)
}

/// [`parse`] for text already known to be UTF-8.
pub fn parse_str<'a>(text: &'a str, arena: &'a Arena) -> Result<Node<'a>, StrictError> {
    parse_inner(text, arena, None)
}

/// Object values the caller recognises by their text and does not need built (see [`parse_known`]).
pub struct Known<'k> {
    /// The key of the objects whose members may be skipped: only the value of a `parent` member is looked
    /// into, so that a value that means something else elsewhere (an `inputRequests` entry that happens to be
    /// called `member`) is always built.
    pub parent: &'k str,
    /// The key, in such an object, of the members whose object values may be recognised; other values are
    /// always built.
    pub member: &'k str,
    /// Longest text asked about: a longer value is built.
    pub max_len: usize,
    /// The recognised object text that starts the bytes given (the rest of the message from a value's `{`,
    /// at most `max_len` of it), with its [`Extent`] as [`extent`] reads it; `None` when there is none. Must
    /// answer only with texts that parse as an object on their own (the texts of objects a parse built
    /// before) and their true extents: the parser takes a recognised text as valid without reading it, and
    /// counts what the extent says.
    pub recognise: &'k dyn Fn(&[u8]) -> Option<Extent>,
}

/// [`parse`], but an object value of a `known.member` member of a `known.parent` object, whose text `known`
/// recognises, is not built: it becomes a [`Node::Skipped`] holding its text. Accepts and refuses exactly what
/// [`parse`] does (a recognised text parsed before, and its values and nesting count against the bounds where it
/// stands), and every span outside the skipped values is the same, so a skipped value changes nothing but the
/// work: the parser does not read it at all. What the gateway uses it for: a form
/// schema the policy found clean before ([`crate::policy::clean_schemas`]) is most of a typical form's tokens.
pub fn parse_known<'a>(
    bytes: &'a [u8],
    arena: &'a Arena,
    known: &Known<'_>,
) -> Result<Node<'a>, StrictError> {
    let text = simdutf8::compat::from_utf8(bytes)
        .map_err(|e| StrictError::Syntax(format!("invalid UTF-8 at byte {}", e.valid_up_to())))?;
    parse_inner(text, arena, Some(known))
}

fn parse_inner<'a>(
    text: &'a str,
    arena: &'a Arena,
    known: Option<&Known<'_>>,
) -> Result<Node<'a>, StrictError> {
    // Spans are kept as u32 below [`COMPACT`]: a body this large is far beyond any configurable limit anyway.
    if text.len() >= COMPACT as usize {
        return Err(StrictError::Syntax("JSON text of 2 GiB or more".into()));
    }
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        pos: 0,
        spaces: 0,
        values: 0,
        bump: arena.bump(text.len()),
        items: Vec::with_capacity(SCRATCH),
        members: Vec::with_capacity(SCRATCH),
        known,
    };
    p.skip_ws();
    p.count()?;
    let root = p.value(0)?;
    p.skip_ws();
    if p.pos != p.b.len() {
        return Err(p.syntax("trailing characters after the value"));
    }
    Ok(root)
}

/// Objects with more keys than this check repeats in a hash set (std's randomly seeded hasher, so keys cannot
/// be chosen to collide) instead of comparing with every earlier key: MCP objects have a handful of keys.
const LINEAR_KEYS: usize = 16;

struct Parser<'a, 'k> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    /// Runs of whitespace skipped so far (see [`Object::compact_span_of`]); only compared for equality, so a
    /// wrap cannot matter before 2^64 runs.
    spaces: u64,
    /// Values read so far ([`MAX_VALUES`]), counted where serde_json hands `parse_strict`'s seed a value: at
    /// the root, each array item and each member's value, before its first byte is looked at.
    values: usize,
    bump: &'a bumpalo::Bump,
    /// The items of the arrays being read, innermost last: each array pushes its items above where it found
    /// the stack and moves them into the arena, in one slice of their exact number, when it closes. Bounded
    /// by [`MAX_VALUES`], like the tree.
    items: Vec<Node<'a>>,
    /// The same for the members of the objects being read.
    members: Vec<Member<'a>>,
    /// Values not to build ([`parse_known`]).
    known: Option<&'k Known<'k>>,
}

/// Room for this many items and members (each) before the scratch stacks of a parse first grow: the open
/// containers of a typical message together hold fewer.
const SCRATCH: usize = 32;

impl<'a> Parser<'a, '_> {
    #[cold]
    #[inline(never)]
    fn syntax(&self, what: &str) -> StrictError {
        // Positions only, never the text: the body may hold a secret.
        StrictError::Syntax(format!("{what} at byte {}", self.pos))
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// Skips whitespace between tokens: one compare where there is none, as in what SDKs send.
    #[inline(always)]
    fn skip_ws(&mut self) {
        if let Some(b' ' | b'\n' | b'\t' | b'\r') = self.b.get(self.pos) {
            self.skip_spaces();
        }
    }

    fn skip_spaces(&mut self) {
        while let Some(b' ' | b'\n' | b'\t' | b'\r') = self.b.get(self.pos) {
            self.pos += 1;
        }
        self.spaces = self.spaces.wrapping_add(1);
    }

    /// Moves past `byte` or says what was expected.
    fn expect(&mut self, byte: u8, what: &str) -> Result<(), StrictError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.syntax(what))
        }
    }

    /// Counts one more value, or refuses past [`MAX_VALUES`].
    #[inline(always)]
    fn count(&mut self) -> Result<(), StrictError> {
        self.values += 1;
        if self.values > MAX_VALUES {
            return Err(StrictError::TooManyValues);
        }
        Ok(())
    }

    /// One value at `depth` (the number of containers around it), already counted by the caller: the count sits
    /// in the three places that read a value (root, array item, member) because here it made the compiler lay
    /// the parser out worse (more instructions on every value; `bash benches/callgrind/decide.sh` counts them).
    fn value(&mut self, depth: usize) -> Result<Node<'a>, StrictError> {
        match self.peek() {
            Some(b'{') => self.object(depth, false),
            Some(b'[') => self.array(depth),
            Some(b'"') => {
                self.pos += 1;
                self.string().map(Node::String)
            }
            Some(b't') => self.literal(b"true", Node::True),
            Some(b'f') => self.literal(b"false", Node::False),
            Some(b'n') => self.literal(b"null", Node::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.syntax("expected a value")),
            None => Err(self.syntax("unexpected end of input")),
        }
    }

    fn literal(&mut self, word: &[u8], node: Node<'a>) -> Result<Node<'a>, StrictError> {
        if self.b.get(self.pos..self.pos + word.len()) == Some(word) {
            self.pos += word.len();
            Ok(node)
        } else {
            Err(self.syntax("expected a value"))
        }
    }

    /// The children of a container at `depth` sit one deeper; refused past [`MAX_DEPTH`] before a child is read.
    fn enter(depth: usize) -> Result<usize, StrictError> {
        let inner = depth + 1;
        if inner > MAX_DEPTH {
            return Err(StrictError::TooDeep);
        }
        Ok(inner)
    }

    fn array(&mut self, depth: usize) -> Result<Node<'a>, StrictError> {
        let inner = Self::enter(depth)?;
        self.pos += 1;
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Node::Array(&[]));
        }
        let mark = self.items.len();
        loop {
            self.count()?;
            let item = self.value(inner)?;
            self.items.push(item);
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ws();
                    // Refused before the item is counted, as serde_json refuses it before asking for one.
                    if self.peek() == Some(b']') {
                        return Err(self.syntax("trailing comma"));
                    }
                }
                Some(b']') => {
                    self.pos += 1;
                    let items = slice_in(self.bump, self.items.drain(mark..));
                    return Ok(Node::Array(items));
                }
                _ => return Err(self.syntax("expected ',' or ']'")),
            }
        }
    }

    /// An object at `depth`; `known_parent`: it is the value of a [`Known::parent`] member, so its
    /// [`Known::member`] member may be skipped.
    fn object(&mut self, depth: usize, known_parent: bool) -> Result<Node<'a>, StrictError> {
        let inner = Self::enter(depth)?;
        self.pos += 1;
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Node::Object(Object::default()));
        }
        let mark = self.members.len();
        let mut many: Option<HashSet<&'a str>> = None;
        let mut sorted = true;
        loop {
            self.expect(b'"', "expected a key")?;
            let key = self.string()?;
            let siblings = self.members.get(mark..).unwrap_or_default();
            // A repeat is refused as soon as its key is read, as the serde-based parser does.
            let repeated = match &mut many {
                Some(set) => !set.insert(key),
                None => siblings.iter().any(|m| same_key(m.key, key)),
            };
            if repeated {
                return Err(StrictError::DuplicateKey);
            }
            sorted &= siblings.last().is_none_or(|m| key_before(m.key, key));
            self.skip_ws();
            self.expect(b':', "expected ':'")?;
            self.skip_ws();
            let start = self.pos;
            // Whether whitespace was skipped inside this value's text.
            let spaces_before = self.spaces;
            // A string (most member values) is read here, without the call through `value`.
            self.count()?;
            let value = match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    Node::String(self.string()?)
                }
                Some(b'{') => {
                    let known = self.known.filter(|_| known_parent);
                    match known
                        .filter(|k| same_key(k.member, key))
                        .and_then(|k| self.skip_known(k, inner))
                    {
                        Some(skipped) => skipped,
                        None => {
                            let parent = self.known.is_some_and(|k| same_key(k.parent, key));
                            self.object(inner, parent)?
                        }
                    }
                }
                _ => self.value(inner)?,
            };
            let end = self.pos;
            let compact = self.spaces == spaces_before;
            self.members.push(Member {
                key,
                value,
                // Both fit below `COMPACT`: the text's length was checked before parsing.
                start: u32::try_from(start).unwrap_or(0),
                end: u32::try_from(end).unwrap_or(0) | if compact { COMPACT } else { 0 },
            });
            let len = self.members.len() - mark;
            if many.is_none() && len > LINEAR_KEYS {
                many = Some(
                    self.members
                        .get(mark..)
                        .unwrap_or_default()
                        .iter()
                        .map(|m| m.key)
                        .collect(),
                );
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ws();
                }
                Some(b'}') => {
                    self.pos += 1;
                    let own = self.members.get_mut(mark..).unwrap_or_default();
                    if !sorted {
                        // Keys are distinct, so an unstable sort orders them exactly as a BTreeMap would.
                        own.sort_unstable_by(|a, b| key_order(a.key, b.key));
                    }
                    let members = slice_in(self.bump, self.members.drain(mark..));
                    return Ok(Node::Object(Object { members }));
                }
                _ => return Err(self.syntax("expected ',' or '}'")),
            }
        }
    }

    /// The value at the cursor (of a `known.member` member) as a [`Node::Skipped`] when it is an object that
    /// `known` recognises and that stays within the bounds where it stands (nested `depth` deep, its values
    /// counted on top of those read so far); `None` (nothing moved) to read it as usual, which then refuses
    /// whatever made it unfit. Out of line: it runs for few members, and never without [`Known`].
    #[inline(never)]
    fn skip_known(&mut self, known: &Known<'_>, depth: usize) -> Option<Node<'a>> {
        let rest = self.b.get(self.pos..)?;
        let e = (known.recognise)(rest.get(..known.max_len).unwrap_or(rest))?;
        // What can be seen at once is checked rather than trusted: an object's braces, within the text.
        if e.end < 2
            || e.end > known.max_len
            || rest.first() != Some(&b'{')
            || rest.get(e.end - 1) != Some(&b'}')
            || e.values == 0
        {
            return None;
        }
        let end = self.pos + e.end;
        // Its deepest container sits `e.depth - 1` below it and has children one further down.
        if depth + e.depth > MAX_DEPTH {
            return None;
        }
        // The value itself was counted by the caller.
        let values = self.values.checked_add(e.values - 1)?;
        if values > MAX_VALUES {
            return None;
        }
        let text = self.text.get(self.pos..end)?;
        self.values = values;
        self.pos = end;
        if e.spaced {
            self.spaces = self.spaces.wrapping_add(1);
        }
        Some(Node::Skipped(text))
    }

    /// The rest of a string whose opening quote was read: borrowed when it has no escape. Inlined where a key or
    /// a value is read: as a call, its prologue and epilogue were paid on every string, a measurable part of
    /// judging a message (BENCHMARKS.md, "Per-message costs").
    #[inline(always)]
    fn string(&mut self) -> Result<&'a str, StrictError> {
        let start = self.pos;
        let stop = plain_run(self.b, start);
        match self.b.get(stop) {
            Some(b'"') => {
                self.pos = stop + 1;
                self.slice(start, stop)
            }
            Some(b'\\') => {
                let decoded = self.escaped(start, stop)?;
                Ok(self.bump.alloc_str(&decoded))
            }
            Some(_) => {
                self.pos = stop;
                Err(self.syntax("control character in a string"))
            }
            None => {
                self.pos = stop;
                Err(self.syntax("unterminated string"))
            }
        }
    }

    /// `text[start..end]`; both ends are at ASCII bytes or the text's ends, so always char boundaries, but
    /// checked rather than trusted.
    fn slice(&self, start: usize, end: usize) -> Result<&'a str, StrictError> {
        self.text
            .get(start..end)
            .ok_or_else(|| self.syntax("string cut inside a character"))
    }

    /// A string with escapes, decoded; `backslash` is the first escape, after `start`. Kept out of line:
    /// [`Self::string`] is inlined where a string is read, and most strings have no escape.
    #[inline(never)]
    fn escaped(&mut self, start: usize, mut backslash: usize) -> Result<String, StrictError> {
        let mut out = String::with_capacity(backslash - start + 16);
        out.push_str(self.slice(start, backslash)?);
        loop {
            self.pos = backslash + 1;
            let Some(code) = self.peek() else {
                return Err(self.syntax("unterminated string"));
            };
            self.pos += 1;
            match code {
                b'"' => out.push('"'),
                b'\\' => out.push('\\'),
                b'/' => out.push('/'),
                b'b' => out.push('\u{8}'),
                b'f' => out.push('\u{c}'),
                b'n' => out.push('\n'),
                b'r' => out.push('\r'),
                b't' => out.push('\t'),
                b'u' => out.push(self.unicode_escape()?),
                _ => {
                    self.pos -= 1;
                    return Err(self.syntax("invalid escape"));
                }
            }
            let run = self.pos;
            let stop = plain_run(self.b, run);
            out.push_str(self.slice(run, stop)?);
            match self.b.get(stop) {
                Some(b'"') => {
                    self.pos = stop + 1;
                    return Ok(out);
                }
                Some(b'\\') => backslash = stop,
                Some(_) => {
                    self.pos = stop;
                    return Err(self.syntax("control character in a string"));
                }
                None => {
                    self.pos = stop;
                    return Err(self.syntax("unterminated string"));
                }
            }
        }
    }

    /// The character of a `\u` escape whose `\u` was read; a surrogate must be a high one followed by a low
    /// one, as serde_json requires of a string (a lone surrogate is refused).
    fn unicode_escape(&mut self) -> Result<char, StrictError> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if self.b.get(self.pos..self.pos + 2) != Some(b"\\u") {
                    return Err(self.syntax("lone leading surrogate in a \\u escape"));
                }
                self.pos += 2;
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    return Err(self.syntax("lone leading surrogate in a \\u escape"));
                }
                0x10000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(low) - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.syntax("lone trailing surrogate in a \\u escape")),
            other => u32::from(other),
        };
        char::from_u32(code).ok_or_else(|| self.syntax("invalid \\u escape"))
    }

    fn hex4(&mut self) -> Result<u16, StrictError> {
        let mut v: u16 = 0;
        for _ in 0..4 {
            let digit = match self.peek() {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.syntax("invalid \\u escape")),
            };
            v = (v << 4) | u16::from(digit);
            self.pos += 1;
        }
        Ok(v)
    }

    /// A number by JSON's grammar, valued as serde_json values it.
    fn number(&mut self) -> Result<Node<'a>, StrictError> {
        let b = self.b;
        let start = self.pos;
        let negative = b.get(start) == Some(&b'-');
        let int_start = start + usize::from(negative);
        let mut i = int_start;
        match b.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => {
                i += 1;
                while let Some(b'0'..=b'9') = b.get(i) {
                    i += 1;
                }
            }
            _ => {
                self.pos = i;
                return Err(self.syntax("invalid number"));
            }
        }
        let int_end = i;
        let mut integral = true;
        if b.get(i) == Some(&b'.') {
            integral = false;
            i = digits_after(b, i + 1).ok_or_else(|| self.syntax("invalid number"))?;
        }
        if let Some(b'e' | b'E') = b.get(i) {
            integral = false;
            i += 1;
            if let Some(b'+' | b'-') = b.get(i) {
                i += 1;
            }
            i = digits_after(b, i).ok_or_else(|| self.syntax("invalid number"))?;
        }
        self.pos = i;
        // At most 19 digits always fit a u64; serde_json's own arithmetic from there (its `parse_number`).
        if integral && int_end - int_start <= 19 {
            let significand = b
                .get(int_start..int_end)
                .unwrap_or_default()
                .iter()
                .fold(0u64, |acc, d| acc * 10 + u64::from(d - b'0'));
            if !negative {
                return Ok(Node::Number(Number::from(significand)));
            }
            let neg = (significand as i64).wrapping_neg();
            if neg < 0 {
                return Ok(Node::Number(Number::from(neg)));
            }
            // `-0`, or below i64::MIN: a float, as serde_json makes it.
            return Number::from_f64(-(significand as f64))
                .map(Node::Number)
                .ok_or_else(|| self.syntax("invalid number"));
        }
        // Fractions, exponents and long integers: serde_json's float reading, and its refusal out of range.
        let text = self.slice(start, i)?;
        serde_json::from_str::<Number>(text)
            .map(Node::Number)
            .map_err(|_| StrictError::Syntax(format!("number out of range at byte {start}")))
    }
}

/// `json` (the text of JSON values) without the whitespace between tokens; strings are copied as written.
/// Borrowed when there is none, as in what the SDKs send.
pub fn compact(json: &str) -> Cow<'_, str> {
    let b = json.as_bytes();
    let mut out: Option<String> = None;
    // `copied`: where the text not yet copied to `out` starts.
    let (mut i, mut copied) = (0, 0);
    while let Some(&c) = b.get(i) {
        match c {
            b'"' => {
                // Through the string: plain runs in one step, an escape as two bytes.
                i += 1;
                loop {
                    i = plain_run(b, i);
                    match b.get(i) {
                        Some(b'\\') => i += 2,
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        // A control character (not in text the strict parser read) or the end.
                        Some(_) => i += 1,
                        None => break,
                    }
                }
            }
            b' ' | b'\n' | b'\t' | b'\r' => {
                let o = out.get_or_insert_with(|| String::with_capacity(json.len()));
                o.push_str(json.get(copied..i).unwrap_or_default());
                while let Some(b' ' | b'\n' | b'\t' | b'\r') = b.get(i) {
                    i += 1;
                }
                copied = i;
            }
            _ => i += 1,
        }
    }
    match out {
        None => Cow::Borrowed(json),
        Some(mut o) => {
            o.push_str(json.get(copied..).unwrap_or_default());
            Cow::Owned(o)
        }
    }
}

/// Appends `s` as a JSON string literal, exactly as serde_json writes it. Nearly every string (keys, tokens,
/// prose) needs no escape and is quoted as it is; the test is a fold without an early exit, so it vectorises.
/// Anything that needs one goes through serde_json.
pub fn write_json_str(out: &mut Vec<u8>, s: &str) {
    let needs_escape = s.bytes().fold(false, |bad, b| {
        bad | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if needs_escape {
        // Writing a `&str` into a `Vec` cannot fail.
        let _ = serde_json::to_writer(&mut *out, s);
        return;
    }
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// Whether two keys are equal: lengths and first bytes first, which tells nearly every pair of an object's
/// keys apart without reading further.
#[inline]
fn same_key(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && same_bytes(a, b)
}

/// `a == b`, with keys of up to 16 bytes (nearly every member name) compared in two overlapping loads of
/// each, not by a call to `memcmp`: judging a message makes a call per key compared for a few bytes each
/// (member lookups, the parser's repeat check, the carriers' alias check), and on the 64 KB benchmark message
/// those calls stood out in `perf`. Ordering (`key_order`) keeps `str`'s compare: a padded word compare cost
/// more than it saved.
#[inline]
pub(crate) fn same_bytes(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0 => true,
        // The first, middle and last bytes are every byte of a key of one to three.
        1..=3 => a.first() == b.first() && a.get(n / 2) == b.get(n / 2) && a.last() == b.last(),
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        _ => a == b,
    }
}

/// Four bytes of `b` from `at` (in bounds: the callers' lengths say so), as one number.
#[inline(always)]
fn word4(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4)
        .and_then(|w| <[u8; 4]>::try_from(w).ok())
        .map_or(0, u32::from_ne_bytes)
}

/// Eight bytes of `b` from `at` (in bounds: the callers' lengths say so), as one number.
#[inline(always)]
fn word8(b: &[u8], at: usize) -> u64 {
    b.get(at..at + 8)
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
        .map_or(0, u64::from_ne_bytes)
}

/// Whether key `a` sorts before key `b` (bytewise, as `str` orders).
#[inline]
fn key_before(a: &str, b: &str) -> bool {
    key_order(a, b) == std::cmp::Ordering::Less
}

/// Keys in `str` order (bytewise): the first bytes decide nearly every pair of an object's keys without a call
/// to compare the rest (the sort of an object's members made one per comparison). Keys of up to 16 bytes that
/// share their first byte (`book7`, `book12`: the 64 KB benchmark's 41 input requests, sorted and looked up by
/// binary search) are compared here byte by byte too: as calls to `memcmp`, hundreds of them a judgement,
/// they stood out in `perf` as well.
#[inline]
fn key_order(a: &str, b: &str) -> std::cmp::Ordering {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    match (x.first(), y.first()) {
        (Some(p), Some(q)) if p != q => p.cmp(q),
        _ if x.len() <= 16 && y.len() <= 16 => x
            .iter()
            .zip(y)
            .find(|(p, q)| p != q)
            .map_or_else(|| x.len().cmp(&y.len()), |(p, q)| p.cmp(q)),
        _ => a.cmp(b),
    }
}

/// The end of one or more ASCII digits starting at `i`, or `None` if there is none.
fn digits_after(b: &[u8], mut i: usize) -> Option<usize> {
    let first = i;
    while let Some(b'0'..=b'9') = b.get(i) {
        i += 1;
    }
    (i > first).then_some(i)
}

/// The index of the first byte from `i` that ends a plain run of string text: a quote, a backslash or a
/// control character (which JSON forbids unescaped), or `b.len()`. Short runs (keys, most values) are read
/// eight bytes at a time; a long one (prose: most of a judged message's bytes) is searched for its quote or
/// backslash with `memchr2`'s vector search, and the bytes passed over are then checked for control
/// characters in one branch-free pass, which the compiler vectorises too.
#[inline(always)]
fn plain_run(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // `(w - ONES) & !w & HIGHS` flags zero bytes; `(w - 0x20 * ONES) & !w & HIGHS` bytes below 0x20. Either
    // may also flag bytes above the first true hit (a borrow runs upwards), never below it, so the lowest
    // flagged byte of the union is the first byte that ends the run.
    for _ in 0..2 {
        let Some(Ok(bytes)) = b.get(i..i + 8).map(<[u8; 8]>::try_from) else {
            return plain_run_tail(b, i);
        };
        let w = u64::from_le_bytes(bytes);
        let quote = w ^ (ONES * u64::from(b'"'));
        let backslash = w ^ (ONES * u64::from(b'\\'));
        let hits = (quote.wrapping_sub(ONES) & !quote)
            | (backslash.wrapping_sub(ONES) & !backslash)
            | (w.wrapping_sub(ONES * 0x20) & !w);
        let hits = hits & HIGHS;
        if hits != 0 {
            return i + (hits.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    long_run(b, i)
}

/// [`plain_run`] past its first sixteen bytes.
#[inline(never)]
fn long_run(b: &[u8], i: usize) -> usize {
    let rest = b.get(i..).unwrap_or_default();
    let end = memchr::memchr2(b'"', b'\\', rest).unwrap_or(rest.len());
    let run = rest.get(..end).unwrap_or_default();
    // A fold without an early exit, so it compiles to vector compares; the exact place is found only when
    // there is a control character to report.
    if run.iter().fold(false, |any, &c| any | (c < 0x20)) {
        return i + run.iter().position(|&c| c < 0x20).unwrap_or(end);
    }
    i + end
}

/// [`plain_run`] byte by byte, for the last few bytes of the text.
fn plain_run_tail(b: &[u8], mut i: usize) -> usize {
    while let Some(&c) = b.get(i) {
        if c == b'"' || c == b'\\' || c < 0x20 {
            return i;
        }
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests;
