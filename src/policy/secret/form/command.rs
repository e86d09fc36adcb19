//! A shell command that prints developer credentials, named in a form's text: in any language, a form that
//! has the user run `cat ~/.ssh/id_rsa`, `kubectl config view --raw` or `gcloud auth print-access-token`
//! and gives them a text field wants what the command prints.
//!
//! Read on the raw text, not the folded one: the folding drops the dots, slashes and tildes that make
//! `~/.ssh/id_rsa` a path and `.pub` a public key. Commands and paths are ASCII and language-free, so one
//! list serves every pack. A field whose own title or description names such a command holds what it
//! prints ("Output of `gh auth token`"). A message that names a command whose only product is a secret
//! asks for its output; one that names a tool printing every environment variable (`printenv`, `env`,
//! `set`) does so after a shell prompt, alone on its line, or with a request verb of some pack (form.rs):
//! "we checked printenv on the build host, any comments?" asks for nothing.
//!
//! A file merely named (`.env`, "path to your kubeconfig") is not a command: the vocabulary judges it,
//! with its location and label readings, and the message asks for it with a request verb or a word for
//! what it holds (`contents` in the packs: "den Inhalt von ~/.ssh/id_ed25519").

/// Commands whose output is a credential, whatever their arguments (lower case, matched in a lower-cased
/// text as whole words: the byte before and after is no letter, digit, `-` or `_`).
const PRINTS_SECRET: &[&str] = &[
    "gcloud auth print-access-token",
    "gcloud auth print-identity-token",
    "gcloud auth application-default print-access-token",
    "aws configure get",
    "aws configure export-credentials",
    "aws sts get-session-token",
    "aws ecr get-login-password",
    "kubectl config view --raw",
    "kubectl config view --flatten",
    "az account get-access-token",
    "gh auth token",
    "heroku auth:token",
    "git credential fill",
    "vault print token",
    "printenv",
    "get-childitem env:",
    "gci env:",
    "dir env:",
    "/proc/self/environ",
    "security find-generic-password",
    "security find-internet-password",
    "docker-credential-desktop get",
    "doctl auth token",
    "firebase login:ci",
];

/// Commands that print or copy a file's contents (matched as whole words, then a secret path after them
/// on the same line).
const SHOWS_FILE: &[&str] = &[
    "cat",
    "type",
    "more",
    "less",
    "head",
    "tail",
    "bat",
    "base64",
    "xxd",
    "get-content",
    "gc",
    "pbcopy",
    "xclip",
    "xsel",
    "clip",
    "clip.exe",
    "notepad",
    "notepad.exe",
    "nano",
    "vim",
    "strings",
    "tac",
];

/// Paths (lower case) of files that hold credentials. A path ending in `.pub` is a public key and no
/// secret.
const SECRET_PATHS: &[&str] = &[
    ".ssh/id_",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "id_dsa",
    ".aws/credentials",
    ".kube/config",
    "kubeconfig",
    ".docker/config.json",
    ".npmrc",
    ".pypirc",
    ".netrc",
    ".git-credentials",
    "credentials.json",
    "application_default_credentials",
    "service-account",
    "service_account",
    "serviceaccount",
    ".pgpass",
    ".vault-token",
    ".env",
    "secrets.json",
    "secrets.yaml",
    "secrets.yml",
    "terraform.tfvars",
    "wallet.dat",
    // The same under Windows, with backslashes.
    ".ssh\\id_",
    ".aws\\credentials",
    ".kube\\config",
    ".docker\\config.json",
];

/// The commands that print every environment variable but are ordinary words too (`env`, `set`), as they
/// are written when meant as commands: quoted, piped, or after a shell prompt.
const WRITTEN_DUMPS: &[&str] = &["`env`", "`env |", "$ env\n", "`set`", "`set |", "> set\n"];

/// What follows a credential file's name in its templates (`.env.example`, `config.json.sample`): a file
/// committed beside the code with placeholders, no secret, like a key's `.pub` half.
const TEMPLATE_SUFFIXES: &[&str] = &[
    ".example",
    ".sample",
    ".template",
    ".tpl",
    ".dist",
    ".defaults",
    ".default",
    ".skeleton",
];

/// Whether `rest`, the bytes right after a credential file's name, makes it a template
/// ([`TEMPLATE_SUFFIXES`]): the suffix, then no letter or digit.
pub(super) fn names_template(rest: &[u8]) -> bool {
    TEMPLATE_SUFFIXES.iter().any(|t| {
        rest.get(..t.len())
            .is_some_and(|r| r.eq_ignore_ascii_case(t.as_bytes()))
            && !rest.get(t.len()).is_some_and(|b| b.is_ascii_alphanumeric())
    })
}

/// Bytes of a text read for a command (the message's first kilobytes, a title or description).
const COMMAND_BYTES: usize = 4096;

/// Whether the byte may continue a command word or path (a byte that does not ends it).
fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// Where a token of a command line ends: blanks, quotes, backticks and brackets.
fn token_end(b: u8) -> bool {
    b.is_ascii_whitespace()
        || matches!(
            b,
            b'`' | b'"' | b'\'' | b'(' | b')' | b',' | b';' | b'|' | b'>'
        )
}

/// One automaton over [`PRINTS_SECRET`] then [`SECRET_PATHS`], ASCII case-insensitive: a text is read
/// once, whatever the length of the lists.
fn automaton() -> Option<&'static aho_corasick::AhoCorasick> {
    static AC: std::sync::OnceLock<Option<aho_corasick::AhoCorasick>> = std::sync::OnceLock::new();
    AC.get_or_init(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(PRINTS_SECRET.iter().chain(SECRET_PATHS))
            .ok()
    })
    .as_ref()
}

/// What a text says of developer credentials, read in one pass ([`read`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Reading {
    /// It names a shell command that prints a credential ([`prints_secret`]).
    pub prints: bool,
    /// It names a file that holds credentials as written ([`SECRET_PATHS`]; not a `.pub` public key).
    pub file: bool,
}

/// Whether `text` names a shell command that prints developer credentials: a command from
/// [`PRINTS_SECRET`], or one from [`SHOWS_FILE`] with a secret path ([`SECRET_PATHS`], not a `.pub`
/// public key) as the argument right after it.
pub(super) fn prints_secret(text: &str) -> bool {
    read(text).prints
}

/// Whether a command [`read`] found in `text` is one to run, not a tool named in prose. The commands that
/// print every environment variable ([`ENV_DUMPS`], and `env` or `set` quoted) are ordinary tools a text
/// may explain ("the `env` command lists your variables; how was the lesson?"): they count only after a
/// shell prompt (`$`, `>`, `#`) or alone on their line, with a pipe, a redirection or an option at most.
/// A command whose only product is a secret (`gh auth token`, `cat ~/.ssh/id_rsa`) is one to run wherever
/// it stands. Named in prose, a dump asks for its output only with a request verb (form.rs).
pub(super) fn written_as_command(text: &str) -> bool {
    let text = super::head(super::super::scan_limit(text), COMMAND_BYTES);
    let bytes = text.as_bytes();
    let Some(ac) = automaton() else {
        return false;
    };
    let mut dump_in_prose = false;
    for m in ac.find_overlapping_iter(text) {
        let (at, end) = (m.start(), m.end());
        let Some(command) = PRINTS_SECRET.get(m.pattern().as_usize()) else {
            continue;
        };
        let before = at.checked_sub(1).and_then(|i| bytes.get(i)).copied();
        let after = bytes.get(end).copied();
        if before.is_some_and(word_byte)
            || (!command.ends_with(':') && after.is_some_and(word_byte))
        {
            continue;
        }
        if !ENV_DUMPS.contains(command) {
            return true;
        }
        if command_shaped(bytes, at, end) {
            return true;
        }
        dump_in_prose = true;
    }
    // `env` and `set` are read only as written: after a prompt they run, quoted they are named.
    let prompted = WRITTEN_DUMPS
        .iter()
        .any(|d| !d.starts_with('`') && text.contains(d));
    let quoted = WRITTEN_DUMPS
        .iter()
        .any(|d| d.starts_with('`') && text.contains(d));
    prompted || !(dump_in_prose || quoted)
}

/// The commands of [`PRINTS_SECRET`] that print every environment variable: tools a text may name
/// without asking for their output ([`written_as_command`]).
const ENV_DUMPS: &[&str] = &[
    "printenv",
    "get-childitem env:",
    "gci env:",
    "dir env:",
    "/proc/self/environ",
];

/// Whether the command at `at..end` of `bytes` is written as one to run: after a prompt, or alone on its
/// line ([`written_as_command`]).
fn command_shaped(bytes: &[u8], at: usize, end: usize) -> bool {
    let before = bytes.get(..at).unwrap_or_default();
    // The line up to the command, blanks and an opening quote before it dropped: a prompt ends it, or
    // nothing is left.
    let line = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(before, |p| before.get(p + 1..).unwrap_or_default());
    let lead = line.trim_ascii_end();
    let lead = lead.strip_suffix(b"`").unwrap_or(lead).trim_ascii_end();
    if matches!(lead.last(), Some(b'$' | b'>' | b'#')) {
        return true;
    }
    if !lead.is_empty() {
        return false;
    }
    // At the line's start: alone, or with a pipe, a redirection or an option after it.
    let rest = bytes.get(end..).unwrap_or_default();
    let rest = rest
        .iter()
        .position(|&b| b == b'\n')
        .map_or(rest, |p| rest.get(..p).unwrap_or_default())
        .trim_ascii();
    rest.is_empty() || matches!(rest.first(), Some(b'|' | b'>' | b'-' | b'`'))
}

/// Reads `text` for a command that prints a credential and for a credential file named as written.
pub(super) fn read(text: &str) -> Reading {
    let mut out = Reading::default();
    let text = super::head(super::super::scan_limit(text), COMMAND_BYTES);
    let bytes = text.as_bytes();
    let lower = |i: usize| bytes.get(i).map(u8::to_ascii_lowercase);
    let Some(ac) = automaton() else {
        return out;
    };
    for m in ac.find_overlapping_iter(text) {
        let (at, end) = (m.start(), m.end());
        let before = at.checked_sub(1).and_then(|i| bytes.get(i)).copied();
        let after = bytes.get(end).copied();
        let Some(path) = m.pattern().as_usize().checked_sub(PRINTS_SECRET.len()) else {
            // A command: a whole word at its start; at its end too, unless it ends in a separator.
            let open_end = PRINTS_SECRET
                .get(m.pattern().as_usize())
                .is_some_and(|c| c.ends_with(':'));
            if !before.is_some_and(word_byte) && (open_end || !after.is_some_and(word_byte)) {
                out.prints = true;
                return out;
            }
            continue;
        };
        // `.env` is the file only as written (`.env`, `.env.local`; not `.envrc`, `process.env.x`).
        let dotenv = SECRET_PATHS.get(path) == Some(&".env");
        if dotenv
            && (after.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
                || before.is_some_and(|b| b.is_ascii_alphanumeric()))
        {
            continue;
        }
        if bytes.get(end..).is_some_and(names_template) {
            // `.env.example`, `credentials.json.sample`: placeholders, no secret.
            continue;
        }
        // The token holding the path: not a public key.
        let start = bytes
            .get(..at)
            .and_then(|b| b.iter().rposition(|&x| token_end(x)))
            .map_or(0, |p| p + 1);
        let stop = bytes
            .get(end..)
            .and_then(|b| b.iter().position(|&x| token_end(x)))
            .map_or(bytes.len(), |p| end + p);
        let token = text.get(start..stop).unwrap_or("");
        if token.to_ascii_lowercase().ends_with(".pub") {
            continue;
        }
        out.file = true;
        // The word before the token on its line, options skipped: a command that shows a file.
        let mut i = start;
        let mut words = 0;
        while words < 4 {
            // Back over blanks (not a line break) and opening quotes.
            while i > 0 && matches!(bytes.get(i - 1), Some(b' ' | b'\t' | b'`' | b'"' | b'\'')) {
                i -= 1;
            }
            let w_end = i;
            while i > 0
                && bytes
                    .get(i - 1)
                    .is_some_and(|&b| !b.is_ascii_whitespace() && b != b'`')
            {
                i -= 1;
            }
            if i == w_end {
                break;
            }
            words += 1;
            let word: String = (i..w_end).filter_map(lower).map(char::from).collect();
            if word.starts_with('-') {
                continue;
            }
            let word = word.trim_matches(|c: char| c == '(' || c == '$');
            if word == "<" {
                continue;
            }
            if SHOWS_FILE.iter().any(|c| c.trim_end_matches(" <") == word) {
                out.prints = true;
                return out;
            }
            break;
        }
    }
    // `env` (and the Windows shell's `set`) alone print every variable, as a command written as one
    // (quoted, or after a prompt); as a word of prose they name an environment or a setting.
    out.prints = WRITTEN_DUMPS.iter().any(|d| text.contains(d));
    out
}

#[cfg(test)]
mod tests {
    use super::prints_secret;

    #[test]
    fn a_command_that_prints_a_secret_is_read_in_any_language() {
        for yes in [
            "Ejecuta `cat ~/.ssh/id_ecdsa` y pega lo que salga.",
            "ターミナルで type %USERPROFILE%\\.ssh\\id_rsa を実行",
            "Lancez gcloud auth print-access-token puis collez le jeton.",
            "Запустите `aws configure get aws_secret_access_key`",
            "run: kubectl config view --raw > out.txt and paste out.txt",
            "Get-Content C:\\app\\.env",
            "pbcopy < ~/.ssh/id_ed25519",
            "cat -A ~/.aws/credentials",
            "Führen Sie `env` aus",
            "gh auth token",
        ] {
            assert!(prints_secret(yes), "{yes}");
        }
    }

    #[test]
    fn a_command_is_written_as_one_or_named_in_prose() {
        use super::written_as_command;
        for yes in [
            "$ printenv",
            "C:\\> set",
            "Open a shell:\nprintenv | sort\nthen copy the lines",
            "ターミナルで cat ~/.ssh/id_ecdsa を実行",
            "Lancez « az account get-access-token »",
            "gh auth token explains itself",
        ] {
            assert!(written_as_command(yes), "{yes}");
        }
        for no in [
            "We checked printenv on the build host.",
            "The `printenv` command lists your variables.",
            "El comando `env` muestra las variables de entorno.",
            "printenv lists the variables; what did you think of the lesson?",
        ] {
            assert!(!written_as_command(no), "{no}");
        }
    }

    #[test]
    fn a_secret_file_is_read_as_written_but_not_its_public_half() {
        use super::read;
        assert!(read("Paste what is in ~/.aws/credentials").file);
        assert!(read("Bitte den Inhalt von C:\\Users\\me\\.docker\\config.json").file);
        assert!(!read("Paste ~/.ssh/id_ed25519.pub here").file);
        assert!(!read("Which process.env key holds the port?").file);
        assert!(!read("the credentials of the database").file);
        assert!(!read("Copy .env.sample into place").file);
        assert!(!read("see credentials.json.template for the fields").file);
        assert!(read("the values in .env.production").file);
    }

    #[test]
    fn a_public_key_a_path_or_a_word_is_no_command() {
        for no in [
            "run `cat ~/.ssh/id_ed25519.pub` and paste your public key",
            "Path to your kubeconfig (~/.kube/config)",
            "Does your project use a .env file?",
            "the cat sat on the mat of id_rsa fame",
            "type your name",
            "cat README.md",
            "Which environment (env) do you deploy to?",
            "process.env.API_URL",
            "cat .envrc",
            "Do you have the gh CLI installed?",
        ] {
            assert!(!prints_secret(no), "{no}");
        }
    }
}
