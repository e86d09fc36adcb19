//! Secret-harvesting form detection: does a form ask for (or push) a credential, in any language or disguise?
//!
//! CONTRACT (secret helper; see issue 4): a [`SecretPolicy`] is compiled once from rule packs (YAML files in
//! `policies/secrets/`, embedded in the binary with `include_str!`, plus operator packs) into automata; it is
//! immutable and `Send + Sync`. Findings carry rule ids under `form.secret.*` and `answer.secret.*` for pasted
//! content; messages never contain the secret value itself.
//!
//! How a form is judged is in [`form`]; how an answer is judged, in [`content`]; the pack format, in [`pack`]
//! and `policies/secrets/core.yaml`; text folding (NFKC, confusables, leetspeak, case and separators), in
//! [`normalize`]; the test on raw text that lets a message naming no secret skip the folding, in
//! [`prefilter`].
//!
//! Rule ids (all `Action::Block`), one per category of the built-in packs:
//! - `form.secret.password`: a password or passphrase;
//! - `form.secret.pin`: a PIN or passcode;
//! - `form.secret.otp`: a one-time, SMS, TOTP or other two-factor code;
//! - `form.secret.api_key`: an API key or secret access key;
//! - `form.secret.token`: an access, refresh, bearer or personal access token, a JWT;
//! - `form.secret.session`: a session id or cookie;
//! - `form.secret.client_secret`: an OAuth client, consumer, webhook or signing secret;
//! - `form.secret.credential`: "credentials", "secret" and the like, of no more precise kind; connection
//!   strings and database URLs (they carry a password); answers to security questions ("mother's maiden name");
//! - `form.secret.private_key`: an SSH, PGP, wallet or other private key;
//! - `form.secret.recovery_phrase`: a seed, mnemonic or recovery phrase;
//! - `form.secret.backup_code`: backup or recovery codes;
//! - `form.secret.card`: card number, CVV/CVC, card expiry;
//! - `form.secret.bank_login`: online-banking logins;
//! - `form.secret.national_id`: a social security, national identity, tax or passport number (SSN, NIR, DNI,
//!   codice fiscale, CPF, BSN, СНИЛС, 身份证号, マイナンバー, 주민등록번호);
//! - `form.secret.developer`: a developer's credential files: `.env` contents, kubeconfig, a cloud
//!   service-account key file, `~/.aws/credentials`, `~/.ssh`, `.npmrc` / `.pypirc` / `.netrc` / docker config
//!   tokens, git credentials (the file names in `core.yaml`, read in every language);
//! - `form.secret.default_value`: a `default`, `enum`, `const`, option or `examples` value that holds a
//!   credential in a known format (the server must not push one either);
//! - `form.secret.embedded_value`: the message, a title or a description holds a credential in a known format;
//! - `answer.secret.<category>`: a pasted answer holds a known format of that category (`token`, `api_key`,
//!   `client_secret`, `private_key`, `credential` for a URL with a password such as
//!   `postgres://user:pass@host`), `answer.secret.card` (a Luhn-valid card number),
//!   `answer.secret.high_entropy` (a long random string in a field not declared for one).
//!
//! Operator packs may add categories; their rule ids follow the same pattern.

pub mod concept;
pub mod content;
pub mod form;
pub mod formats;
mod hant_table;
pub mod inflect;
pub mod language;
pub mod model;
pub mod normalize;
pub mod pack;
pub mod prefilter;

use serde_json::Value;

use crate::wire::tree::Node;

use crate::policy::Finding;

/// Most bytes of one value matched against the credential formats. Longer answers are cut: every format
/// is recognisable from its first bytes, and a PEM header lies at the start of a pasted key.
pub const MAX_SCAN_BYTES: usize = 64 * 1024;

/// Fewest consecutive non-whitespace bytes a credential format needs (`-----BEGIN` is 10; every token
/// format is longer). Texts without such a run skip the format `RegexSet`: most labels are a few short words.
/// Operator formats must match such a run too (documented in `policies/secrets/formats.yaml`).
pub const MIN_FORMAT_RUN: usize = 10;

/// Whether `text` has a run of [`MIN_FORMAT_RUN`] non-whitespace bytes, so a format could match.
///
/// Eight bytes at a time: in a word with no control byte, the ASCII whitespace bytes are exactly the spaces,
/// and a run can only grow across the word (no run inside eight bytes reaches ten), so the run so far, the
/// bytes before the word's first space and those after its last say all. A word with a control byte (a
/// tab, a newline) is read byte by byte, as the whole text was before.
pub(crate) fn may_hold_format(text: &str) -> bool {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let bytes = text.as_bytes();
    if bytes.len() < MIN_FORMAT_RUN {
        return false;
    }
    let mut run = 0usize;
    let step = |b: u8, run: &mut usize| {
        if b.is_ascii_whitespace() {
            *run = 0;
        } else {
            *run += 1;
        }
        *run >= MIN_FORMAT_RUN
    };
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            continue;
        };
        let x = u64::from_le_bytes(word);
        // Per byte below 0x80, `(b & 0x7F) + k` sets the top bit from `0x80 - k` on and never carries
        // into the next byte; bytes from 0x80 (never whitespace) are masked out by `!x`.
        let low7 = x & LOW7;
        let space_or_control = !(low7.wrapping_add(0x5F5F_5F5F_5F5F_5F5F) | x) & HIGH;
        let control = !(low7.wrapping_add(0x6060_6060_6060_6060) | x) & HIGH;
        if control != 0 {
            if chunk.iter().any(|&b| step(b, &mut run)) {
                return true;
            }
            continue;
        }
        if space_or_control == 0 {
            run += 8;
        } else {
            // Bytes before the first space, then those after the last.
            let first = space_or_control.trailing_zeros() as usize / 8;
            if run + first >= MIN_FORMAT_RUN {
                return true;
            }
            run = space_or_control.leading_zeros() as usize / 8;
        }
        if run >= MIN_FORMAT_RUN {
            return true;
        }
    }
    chunks.remainder().iter().any(|&b| step(b, &mut run))
}

/// [`may_hold_format`] byte by byte: the definition it is tested against.
#[cfg(test)]
fn may_hold_format_bytewise(text: &str) -> bool {
    let mut run = 0usize;
    for b in text.bytes() {
        if b.is_ascii_whitespace() {
            run = 0;
        } else {
            run += 1;
            if run >= MIN_FORMAT_RUN {
                return true;
            }
        }
    }
    false
}

/// The indexes of the credential formats that match `text` (cut to [`MAX_SCAN_BYTES`]), or `None` when
/// none can. Almost no text holds a credential, so [`formats::Formats::is_match`] (which stops early) runs
/// first and the full report only for the few that do. `search` says which formats: all of them, or only
/// those that can match a plain text when the text is known to be one ([`formats::Search::Plain`]).
pub(crate) fn format_matches(
    c: &pack::Compiled,
    text: &str,
    search: formats::Search,
) -> Option<Vec<usize>> {
    if !c.formats.searches_any(search) || !may_hold_format(text) {
        return None;
    }
    let text = scan_limit(text);
    c.formats
        .is_match(text, search)
        .then(|| c.formats.matches(text, search))
}

/// A property name as shown in a finding message: control characters removed, length capped, and withheld
/// altogether when it holds a credential format (a server could push a secret in a name, too).
pub(crate) fn shown_name(c: &pack::Compiled, name: &str) -> String {
    /// Longest property name shown in a finding message, in characters.
    const MAX_NAME_CHARS: usize = 64;
    if may_hold_format(name) && c.formats.is_match(scan_limit(name), formats::Search::All) {
        return "(name withheld)".to_string();
    }
    name.chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect()
}

/// The longest prefix of `text` not over [`MAX_SCAN_BYTES`], cut at a character boundary.
pub(crate) fn scan_limit(text: &str) -> &str {
    if text.len() <= MAX_SCAN_BYTES {
        return text;
    }
    let mut end = MAX_SCAN_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

/// Why a secret pack could not be compiled.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    /// A pack file is not valid.
    #[error("secret pack {file}: {reason}")]
    Pack {
        /// The pack's file name.
        file: String,
        /// What is wrong.
        reason: String,
    },
}

/// An operator-supplied pack: file name and YAML text.
#[derive(Debug, Clone)]
pub struct PackSource {
    /// Name shown in errors.
    pub name: String,
    /// The YAML text.
    pub text: String,
}

/// Default budget of the memory of forms the learned model found clean: the same as the clean schemas' (the
/// config's `policy.clean_schema_cache_bytes` sets both).
pub const DEFAULT_MODEL_MEMORY_BYTES: usize = crate::policy::clean_schemas::DEFAULT_MAX_BYTES;

/// The compiled classifier.
#[derive(Debug)]
pub struct SecretPolicy {
    compiled: pack::Compiled,
    /// Forms the learned model found clean ([`model::Memory`]).
    model_memory: model::Memory,
}

impl SecretPolicy {
    /// Compiles the embedded packs plus `extra` operator packs.
    pub fn compile(extra: &[PackSource]) -> Result<Self, SecretError> {
        Ok(SecretPolicy {
            compiled: pack::compile(extra)?,
            model_memory: model::Memory::new(DEFAULT_MODEL_MEMORY_BYTES),
        })
    }

    /// Sets the budget, in key bytes, of the memory of forms the learned model found clean (0 keeps none);
    /// what was remembered is dropped.
    pub fn set_model_memory(&mut self, bytes: usize) {
        self.model_memory = model::Memory::new(bytes);
    }

    /// Judges one form-mode elicitation. `params_ptr` points at the elicitation's params object;
    /// finding paths are built from it (`{params_ptr}/requestedSchema/properties/pw`, `{params_ptr}/message`).
    /// `allowed_fields`: property names an operator allowed on this route (not judged by name).
    pub fn judge_form(
        &self,
        message: &str,
        schema: &Node<'_>,
        params_ptr: &str,
        allowed_fields: &[String],
    ) -> Vec<Finding> {
        self.judge_form_with(message, schema, params_ptr, allowed_fields, false)
            .findings
    }

    /// [`SecretPolicy::judge_form`], skipping the properties when they are known clean and the message names
    /// no term (see [`form::judge_form`]), and saying whether they may be remembered as clean.
    pub fn judge_form_with(
        &self,
        message: &str,
        schema: &Node<'_>,
        params_ptr: &str,
        allowed_fields: &[String],
        properties_known_clean: bool,
    ) -> form::FormJudgement {
        self.judge_form_in(
            message,
            schema,
            params_ptr,
            allowed_fields,
            properties_known_clean,
            &mut form::message::Memo::default(),
        )
    }

    /// [`SecretPolicy::judge_form_with`] for one of the forms of a message: `memo`, made for the message,
    /// remembers the readings and language verdicts of its texts across its forms ([`form::message::Memo`]).
    pub(crate) fn judge_form_in(
        &self,
        message: &str,
        schema: &Node<'_>,
        params_ptr: &str,
        allowed_fields: &[String],
        properties_known_clean: bool,
        memo: &mut form::message::Memo,
    ) -> form::FormJudgement {
        form::judge_form_in(
            &self.compiled,
            message,
            schema,
            params_ptr,
            allowed_fields,
            properties_known_clean,
            memo,
        )
    }

    /// `form.secret.model` for a form whose rules found `rules`: a finding when none of them is a `form.secret`
    /// rule and the learned model scores the form at or over its threshold (see [`model`]). Called by the engine
    /// on both paths of a form's judgement (a schema remembered clean is built again for it), so remembering a
    /// schema never changes what the model says.
    /// `schema_text`, the schema as written when known, lets a form the model found clean be remembered.
    pub fn model_finding(
        &self,
        message: &str,
        schema: &Node<'_>,
        schema_text: Option<&[u8]>,
        params_ptr: &str,
        rules: &[Finding],
    ) -> Option<Finding> {
        model::speak(
            &self.compiled,
            &self.model_memory,
            message,
            schema,
            schema_text,
            params_ptr,
            rules,
        )
    }

    /// The learned model's feature indices of a form (for `tools/model/train.py`, through `elicitguard
    /// model-features`): those of its fields and shape, and those of each message segment, each distinct and
    /// ascending; and its score. `None` when the embedded weights cannot be read.
    #[allow(clippy::type_complexity)]
    pub fn model_features(
        &self,
        message: &str,
        schema: &Node<'_>,
    ) -> Option<(Vec<u32>, Vec<Vec<u32>>, f32)> {
        let w = model::Weights::embedded()?;
        let mut f = model::Features::default();
        f.extract(&self.compiled, w.bits, message, schema);
        let (base, segments) = f.sorted_indices();
        Some((base, segments, w.score(&f)))
    }

    /// Judges the `content` a user submitted on a retry (a flat object) against the schema that was asked.
    /// `content_ptr` points at the content object.
    pub fn judge_content(
        &self,
        content: &Value,
        schema: &Value,
        content_ptr: &str,
    ) -> Vec<Finding> {
        content::judge_content(&self.compiled, content, schema, content_ptr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn policy() -> SecretPolicy {
        SecretPolicy::compile(&[]).unwrap()
    }

    fn rules(p: &SecretPolicy, message: &str, schema: Value) -> Vec<(String, String)> {
        p.judge_form(
            message,
            &Node::from_value(&schema, crate::wire::tree::test_arena()),
            "/result/inputRequests/a/params",
            &[],
        )
        .into_iter()
        .map(|f| (f.rule, f.path))
        .collect()
    }

    fn form(props: Value) -> Value {
        json!({"type": "object", "properties": props})
    }

    #[test]
    fn names_the_category_and_the_field() {
        let p = policy();
        let base = "/result/inputRequests/a/params/requestedSchema/properties";
        let cases = [
            (
                json!({"newPassword": {"type": "string"}}),
                "form.secret.password",
                "newPassword",
            ),
            (json!({"otp": {"type": "string"}}), "form.secret.otp", "otp"),
            (
                json!({"pin": {"type": "integer"}}),
                "form.secret.pin",
                "pin",
            ),
            (
                json!({"cvv": {"type": "string"}}),
                "form.secret.card",
                "cvv",
            ),
            (
                json!({"a/b": {"type": "string", "title": "Seed phrase"}}),
                "form.secret.recovery_phrase",
                "a~1b",
            ),
            (
                json!({"v": {"type": "string", "title": "Clé privée"}}),
                "form.secret.private_key",
                "v",
            ),
            (
                json!({"ssn": {"type": "integer"}}),
                "form.secret.national_id",
                "ssn",
            ),
            (
                json!({"cc_num": {"type": "string"}}),
                "form.secret.card",
                "cc_num",
            ),
            (
                json!({"dsn": {"type": "string", "title": "Connection string"}}),
                "form.secret.credential",
                "dsn",
            ),
            (
                json!({"a": {"type": "string", "title": "Security question answer"}}),
                "form.secret.credential",
                "a",
            ),
        ];
        for (props, rule, field) in cases {
            let got = rules(&p, "Continue", form(props));
            assert_eq!(got, vec![(rule.to_string(), format!("{base}/{field}"))]);
        }
    }

    #[test]
    fn developer_secrets_are_asked_by_name_title_description_or_message() {
        let p = policy();
        let text = |props: Value| form(props);
        let cases = [
            ("Continue", json!({"kubeconfig": {"type": "string"}})),
            ("Continue", json!({"npmrc": {"type": "string"}})),
            (
                "Continue",
                json!({"v": {"type": "string", "title": "Contents of your .env file"}}),
            ),
            (
                "Continue",
                json!({"v": {"type": "string", "description": "Paste ~/.docker/config.json here"}}),
            ),
            (
                "Continue",
                json!({"f": {"type": "string", "title": "GCP service account key file (JSON)"}}),
            ),
            (
                "Continue",
                json!({"aws": {"type": "string", "title": "Your AWS credentials file"}}),
            ),
            (
                "Continue",
                json!({"netrc": {"type": "string", "title": "Your .netrc"}}),
            ),
            (
                "Paste your kubeconfig below",
                json!({"value": {"type": "string"}}),
            ),
            (
                "Copy the contents of .pypirc into the field",
                json!({"value": {"type": "string"}}),
            ),
        ];
        for (message, props) in cases {
            let got = rules(&p, message, text(props.clone()));
            assert!(
                got.iter().any(|r| r.0 == "form.secret.developer"),
                "{message} {props}: {got:?}"
            );
        }
        // Written as a path, the label rule reads each part alone: still a secret, of the general kind.
        let got = rules(
            &p,
            "Continue",
            text(json!({"aws": {"type": "string", "title": "~/.aws/credentials"}})),
        );
        assert!(
            got.iter().any(|r| r.0.starts_with("form.secret.")),
            "{got:?}"
        );
        // The benign neighbours: an environment's name, an SSH user name, a database's name.
        let benign = [
            (
                "Which environment should we deploy to?",
                json!({"env": {"type": "string"}}),
            ),
            (
                "Deploy",
                json!({"user": {"type": "string", "title": "Your SSH username"}}),
            ),
            (
                "Connect",
                json!({"db": {"type": "string", "title": "The database name"}}),
            ),
            (
                "Build",
                json!({"image": {"type": "string", "title": "Docker image tag"}}),
            ),
            (
                "Publish",
                json!({"pkg": {"type": "string", "title": "npm package name"}}),
            ),
        ];
        for (message, props) in benign {
            assert!(
                rules(&p, message, text(props.clone())).is_empty(),
                "{message} {props}"
            );
        }
    }

    #[test]
    fn benign_look_alikes_pass() {
        let p = policy();
        assert!(rules(
            &p,
            "Settings",
            form(json!({"max_tokens": {"type": "integer"}}))
        )
        .is_empty());
        assert!(rules(
            &p,
            "OKR",
            form(json!({"kr": {"type": "string", "title": "Key results"}}))
        )
        .is_empty());
        // Words that end in `pass` are not the `dbpass` the name suffix rule is for.
        for name in [
            "compass_heading",
            "bypassReason",
            "overpass",
            "trespass_notes",
            "day_pass",
        ] {
            assert!(
                rules(&p, "Options", form(json!({ name: {"type": "string"} }))).is_empty(),
                "{name}"
            );
        }
        for name in ["dbpass", "userPass", "smtp_pass", "keystorepass"] {
            assert!(
                !rules(&p, "Options", form(json!({ name: {"type": "string"} }))).is_empty(),
                "{name}"
            );
        }
        let rotate =
            json!({"key": {"type": "string", "enum": ["a", "b"], "title": "API key to rotate"}});
        assert!(rules(&p, "Which API key should be rotated?", form(rotate)).is_empty());
    }

    #[test]
    fn a_label_for_a_secret_is_not_the_secret() {
        let p = policy();
        let titled = |t: &str| form(json!({"f": {"type": "string", "title": t}}));
        for t in [
            "Name for the new API key",
            "API key name",
            "API key name (optional)",
            "Label of the production token",
            "PIN code (India postal code)",
        ] {
            assert!(rules(&p, "Create", titled(t)).is_empty(), "{t}");
        }
        // A label names one thing, and asks for nothing after it.
        for t in [
            "Your API key (name it below)",
            "Name and API key",
            "Name: API key",
            "Label for the token, then paste the token itself",
            "Card PIN, postal code",
            "Card PIN (not your postal code)",
        ] {
            assert!(!rules(&p, "Create", titled(t)).is_empty(), "{t}");
        }
        // The postal code speaks for the field's name too; the name alone still asks for a PIN.
        let pin = |t: &str| form(json!({"pin": {"type": "string", "title": t}}));
        assert!(rules(&p, "Address", pin("PIN code (India postal code)")).is_empty());
        assert!(!rules(&p, "Address", pin("Code")).is_empty());
    }

    #[test]
    fn message_speaks_for_an_unnamed_field_or_asks_itself() {
        let p = policy();
        let got = rules(
            &p,
            "Paste your GitHub personal access token",
            form(json!({"value": {"type": "string"}})),
        );
        assert_eq!(got.first().map(|r| r.0.as_str()), Some("form.secret.token"));
        // A named, unrelated field: the message's own request is the finding.
        let got = rules(
            &p,
            "Enter your password in the notes",
            form(json!({"notes": {"type": "string"}})),
        );
        assert_eq!(
            got,
            vec![(
                "form.secret.password".into(),
                "/result/inputRequests/a/params/message".into()
            )]
        );
        // The same message over a choice asks nothing that can be typed.
        assert!(rules(
            &p,
            "Enter your password",
            form(json!({"ok": {"type": "boolean"}}))
        )
        .is_empty());
    }

    #[test]
    fn the_speaker_sending_a_code_asks_for_nothing() {
        let p = policy();
        let secret = |r: &[(String, String)]| r.iter().any(|r| r.0.starts_with("form.secret."));
        let phone = || form(json!({"mobile": {"type": "string", "title": "Mobile number"}}));
        let email = || form(json!({"contact": {"type": "string", "format": "email"}}));
        // The server says what it will do: the verb's subject is the speaker, in several languages.
        for message in [
            "I'll text a login code to this phone number.",
            "We will then send you a one-time passcode by SMS.",
            "We've sent verification codes to numbers like this before; we send one now.",
            "Bitte Handynummer angeben. Wir senden Ihnen anschließend einen Bestätigungscode.",
            "Nach der Anmeldung senden wir Ihnen einen Einmalcode per SMS.",
            "Vul je nummer in, ik stuur je een verificatiecode.",
            "Masukkan nomor HP Anda, kami akan kirimkan kode OTP.",
            "Nhập số điện thoại, chúng tôi sẽ gửi mã xác minh cho bạn.",
            "请填写手机号，我们将向您发送验证码。",
            "请留下手机号码，我们已向您的手机发送验证码",
            // A request verb before the speaker does not reach the speaker's code.
            "Enter your mobile number and we'll send you a verification code.",
            "Geben Sie Ihre Handynummer ein, wir senden Ihnen einen Code.",
            "Enter your phone and we'll text you a code",
            "请填写手机号，我们将向您发送验证码。",
            "เราจะส่งรหัสยืนยันไปยังหมายเลขของคุณ",
        ] {
            assert!(!secret(&rules(&p, message, phone())), "{message}");
        }
        assert!(!secret(&rules(
            &p,
            "Leave your address and we will send you a sign-in code.",
            email()
        )));
        // The user is asked: the imperative, the user as subject, verbs of wanting, the relayed code.
        let notes = || form(json!({"notes": {"type": "string"}}));
        for message in [
            "Send us the verification code we texted you.",
            "Send me the verification code you received, please",
            "We need your password to continue",
            "We require your API key",
            "Type the six digits we just sent you, i.e. the verification code",
            "Wir benötigen Ihr Passwort",
            "Senden Sie uns den Bestätigungscode, den wir Ihnen geschickt haben.",
            "Gửi mã xác minh mà chúng tôi đã gửi cho bạn.",
            "请发送我们发给您的验证码",
            "Kirimkan kode OTP yang kami kirim.",
            // The pronoun as the verb's object: "send us the code".
            "Vui lòng gửi chúng tôi mã OTP",
            "Kirimkan kami kode OTP Anda",
            "Gửi cho tôi mã xác minh",
            "Kirimkan kepada kami kode OTP",
            "请向我们发送验证码",
            "请给我发送您收到的验证码",
            "请输入我们发送给您的验证码",
        ] {
            assert!(secret(&rules(&p, message, notes())), "{message}");
        }
    }

    #[test]
    fn english_plurals_and_words_between_verb_and_term() {
        let p = policy();
        let notes = || form(json!({"notes": {"type": "string"}}));
        for message in [
            "Enter your access tokens in the notes",
            "Paste both passwords in the notes",
            "Enter the code we just texted you",
            "Type in the verification code we sent to your phone",
            "Your GitHub token is needed. Paste it here.",
            "Your API key: paste it below",
        ] {
            assert!(
                rules(&p, message, notes())
                    .iter()
                    .any(|r| r.0.starts_with("form.secret.")),
                "{message}"
            );
        }
        let title = |t: &str| form(json!({"f": {"type": "string", "title": t}}));
        assert!(!rules(&p, "Continue", title("Your secret keys")).is_empty());
        assert!(!rules(&p, "Continue", title("The password's first half")).is_empty());
        for message in [
            // The secret is named, and the verb asks for something else after it.
            "Lost your password? Type your email address to reset it",
            "Your API key stays on the server. Enter the project name",
            // A code with nothing of a second factor near it.
            "Enter the discount code from our newsletter",
            "Enter the code of the country you ship to",
            "How many tokens should the summary use at most?",
        ] {
            assert!(rules(&p, message, notes()).is_empty(), "{message}");
        }
        assert!(rules(
            &p,
            "Settings",
            form(json!({"max_tokens": {"type": "integer", "title": "Max output tokens"}}))
        )
        .is_empty());
        // A number field named in the plural counts things; in the singular it may be one of them.
        for props in [
            json!({"pins": {"type": "integer"}}),
            json!({"n": {"type": "integer", "title": "Number of cards"}}),
        ] {
            assert!(
                rules(&p, "Inventory", form(props.clone())).is_empty(),
                "{props}"
            );
        }
        assert!(!rules(&p, "Unlock", form(json!({"pin": {"type": "integer"}}))).is_empty());
        assert!(!rules(&p, "Unlock", form(json!({"pins": {"type": "string"}}))).is_empty());
    }

    #[test]
    fn allowed_fields_are_not_judged_by_name() {
        let p = policy();
        let schema =
            form(json!({"api_key_name": {"type": "string"}, "password": {"type": "string"}}));
        let allowed = vec!["password".to_string()];
        assert!(p
            .judge_form(
                "Continue",
                &Node::from_value(&schema, crate::wire::tree::test_arena()),
                "",
                &allowed
            )
            .iter()
            .all(|f| !f.path.ends_with("/password")));
    }

    #[test]
    fn pushed_credentials_are_findings_without_the_value() {
        let p = policy();
        let token = format!("ghp_{}", "a1B2c3D4e5F6g7H8i9J0".repeat(2));
        let schema = form(json!({"note": {"type": "string", "default": token},
                                 "pick": {"type": "string", "enum": ["x", token]}}));
        let findings = p.judge_form(
            &format!("Your token is {token}"),
            &Node::from_value(&schema, crate::wire::tree::test_arena()),
            "",
            &[],
        );
        let got: Vec<_> = findings
            .iter()
            .map(|f| (f.rule.as_str(), f.path.as_str()))
            .collect();
        assert!(got.contains(&("form.secret.embedded_value", "/message")));
        assert!(got.contains(&(
            "form.secret.default_value",
            "/requestedSchema/properties/note/default"
        )));
        assert!(got.contains(&(
            "form.secret.default_value",
            "/requestedSchema/properties/pick/enum/1"
        )));
        assert!(findings.iter().all(|f| !f.message.contains(&token)));
        // A credential pushed as a property name is a finding, and the name is not repeated.
        let schema = form(json!({ token.clone(): {"type": "string", "title": "Password"} }));
        let findings = p.judge_form(
            "x",
            &Node::from_value(&schema, crate::wire::tree::test_arena()),
            "",
            &[],
        );
        assert!(findings
            .iter()
            .any(|f| f.rule == "form.secret.embedded_value"));
        // The field itself is judged too (its name already reads as a GitHub token, its title as a password).
        assert!(findings
            .iter()
            .any(|f| f.rule == "form.secret.token" || f.rule == "form.secret.password"));
        assert!(findings
            .iter()
            .all(|f| !f.message.contains(&token) && !f.path.contains(&token)));
    }

    #[test]
    fn pasted_answers_are_caught_without_the_value() {
        let p = policy();
        let pem = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----";
        let schema = form(json!({"notes": {"type": "string"}, "commit_sha": {"type": "string"}}));
        let cases = [
            (
                json!({"notes": "sk-proj-abcdefghijklmnopqrstuvwxyz012345"}),
                Some("answer.secret.api_key"),
            ),
            (json!({"notes": pem}), Some("answer.secret.private_key")),
            (
                json!({"notes": "my card is 4111 1111 1111 1111 thanks"}),
                Some("answer.secret.card"),
            ),
            (
                json!({"notes": 4111111111111111u64}),
                Some("answer.secret.card"),
            ),
            (
                json!({"notes": "9fQ2xL7pZa3VbN8mR4tY6wE1kJ5h"}),
                Some("answer.secret.high_entropy"),
            ),
            (json!({"commit_sha": "9fQ2xL7pZa3VbN8mR4tY6wE1kJ5h"}), None),
            (
                json!({"notes": "Please ship it on Tuesday, order 12345"}),
                None,
            ),
            (
                json!({"notes": ["ok", "AKIAABCDEFGHIJKLMNOP"]}),
                Some("answer.secret.api_key"),
            ),
            (
                json!({"notes": "use postgres://app:Tr0ub4dor@db.internal:5432/prod"}),
                Some("answer.secret.credential"),
            ),
            // A URL without a password is not a connection string.
            (json!({"notes": "postgres://app@db/prod"}), None),
        ];
        for (content, want) in cases {
            let findings = p.judge_content(&content, &schema, "/c");
            assert_eq!(findings.first().map(|f| f.rule.as_str()), want, "{content}");
            for f in &findings {
                assert!(
                    !f.message.contains("4111")
                        && !f.message.contains("sk-proj")
                        && !f.message.contains("BEGIN")
                        && !f.message.contains("Tr0ub4dor")
                );
            }
        }
    }

    fn pack(name: &str, text: &str) -> PackSource {
        PackSource {
            name: name.into(),
            text: text.into(),
        }
    }

    #[test]
    fn operator_packs_add_terms_and_disable_categories() {
        let extra = pack(
            "ops.yaml",
            "categories:\n  card: {enabled: false}\ngroups:\n  - kind: strong\n    category: password\n    terms: [zauberwort]\n",
        );
        let p = SecretPolicy::compile(&[extra]).unwrap();
        let got = rules(
            &p,
            "x",
            form(json!({"z": {"type": "string", "title": "Your Zauberwort"}})),
        );
        assert_eq!(
            got.first().map(|r| r.0.as_str()),
            Some("form.secret.password")
        );
        assert!(rules(&p, "x", form(json!({"cvv": {"type": "string"}}))).is_empty());
        assert!(p
            .judge_content(&json!({"n": "4111111111111111"}), &form(json!({})), "")
            .is_empty());
    }

    #[test]
    fn a_bad_pack_names_its_file_and_reason() {
        let cases = [
            (
                "typo.yaml",
                "groups:\n  - kind: strong\n    category: password\n    term: [x]\n",
                "term",
            ),
            (
                "cat.yaml",
                "groups:\n  - kind: strong\n    category: nope\n    terms: [x]\n",
                "nope",
            ),
            (
                "re.yaml",
                "formats:\n  - {id: broken, category: token, label: t, regex: '(['}\n",
                "broken",
            ),
            (
                "empty.yaml",
                "groups:\n  - kind: strong\n    category: pin\n    terms: ['--']\n",
                "empty",
            ),
            ("yaml.yaml", "groups: [\n", "yaml.yaml"),
            (
                "reach.yaml",
                "groups:\n  - kind: qualifier\n    category: pin\n    reach: 3\n    terms: [atm]\n",
                "reach",
            ),
        ];
        for (name, text, needle) in cases {
            let err = SecretPolicy::compile(&[pack(name, text)])
                .unwrap_err()
                .to_string();
            assert!(err.contains(name) && err.contains(needle), "{err}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// The word-at-a-time run test is the byte-by-byte one, on runs of every length around ten, every
        /// kind of whitespace and control byte, and text that is not ASCII.
        #[test]
        fn the_run_test_reads_like_byte_by_byte(
            parts in proptest::collection::vec(
                ("[a-zA-Z0-9_\\-]{0,12}|[\\x{e9}\\x{4e2d}\\x{1f600}]{0,4}|[\\x00-\\x1f\\x7f]", "[ \\t\\n\\r\\x0b\\x0c]{0,2}"),
                0..10,
            ),
        ) {
            let text: String = parts.iter().map(|(w, s)| format!("{w}{s}")).collect();
            proptest::prop_assert_eq!(may_hold_format(&text), may_hold_format_bytewise(&text), "{:?}", text);
        }
    }

    #[test]
    fn policy_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<SecretPolicy>();
    }

    #[test]
    fn a_choice_of_the_phrase_words_asks_for_the_phrase() {
        // "Pick word 3 of your phrase" over the BIP-39 list, in a language no pack needs to read: the options
        // carry the phrase ([`form::picker`]).
        let p = policy();
        let words: Vec<&str> = include_str!("form/bip39_words.txt")
            .lines()
            .skip_while(|l| *l != "# spanish")
            .skip(1)
            .take(1024)
            .collect();
        let picker = form(json!({"w3": {"type": "string", "title": "3", "enum": words}}));
        let found = rules(&p, "Chagua:", picker);
        assert!(
            found
                .iter()
                .any(|(r, _)| r == "form.secret.recovery_phrase"),
            "{found:?}"
        );
        // The benign twin: a long list of towns.
        let towns: Vec<String> = (0..200).map(|i| format!("Town {i}")).collect();
        let choice = form(json!({"town": {"type": "string", "title": "3", "enum": towns}}));
        assert_eq!(rules(&p, "Chagua:", choice), vec![]);
    }
}
