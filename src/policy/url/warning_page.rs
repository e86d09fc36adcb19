//! The warning page a person sees instead of a suspicious link: pure HTML rendering.
//!
//! No script, no external resources, one inline style sheet allowed by [`WARNING_PAGE_CSP`]. Every
//! piece of text from the server or the URL is HTML-escaped, so nothing from them becomes markup; the
//! Continue and Back targets are escaped attribute values chosen by the caller.

use crate::policy::Finding;

/// The Content-Security-Policy to send with the page: nothing may load, run, frame it or be posted.
pub const WARNING_PAGE_CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; \
form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/// The style sheet, inline so the page needs no second request.
const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;\
line-height:1.5;color:#1a1a1a}h1{font-size:1.4rem;color:#8a1c1c}\
.url{font-family:ui-monospace,monospace;word-break:break-all;background:#f4f4f4;padding:.6rem;\
border:1px solid #ccc}mark{background:#ffe066;font-weight:bold}\
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;\
font-family:ui-monospace,monospace}li{margin:.3rem 0}\
.actions a{display:inline-block;margin-right:1rem;padding:.5rem 1rem;border:1px solid #555;\
text-decoration:none;color:#1a1a1a}.actions a.back{background:#1a5fb4;color:#fff;border-color:#1a5fb4}";

/// Escapes text for HTML element content and double-quoted attribute values.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Controls and bidi overrides would reorder or hide what the page shows: show them as codes.
            c if c.is_control()
                || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}' | '\u{00AD}') =>
            {
                out.push_str(&format!("&lt;U+{:04X}&gt;", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// The URL with the first occurrence of the registrable domain (in its ASCII or Unicode form, after
/// the scheme) wrapped in `<mark>`; every part escaped.
fn highlighted(url: &str, view: &super::UrlView) -> String {
    let start_at = url.find("://").map(|i| i + 3).unwrap_or(0);
    let tail = url.get(start_at..).unwrap_or("");
    let candidates = [
        view.registrable_domain_unicode.as_deref(),
        view.registrable_domain.as_deref(),
    ];
    for d in candidates.into_iter().flatten() {
        if d.is_empty() {
            continue;
        }
        // The registrable domain ends the host: find it where it is followed by the end of the host.
        let mut from = 0;
        while let Some(rel) = tail.get(from..).and_then(|t| t.find(d)) {
            let i = start_at + from + rel;
            let j = i + d.len();
            let at_end = url
                .get(j..)
                .and_then(|r| r.chars().next())
                .is_none_or(|c| matches!(c, '/' | '?' | '#' | ':' | '.'));
            if at_end {
                if let (Some(a), Some(m), Some(z)) = (url.get(..i), url.get(i..j), url.get(j..)) {
                    return format!(
                        "{}<mark>{}</mark>{}",
                        escape_html(a),
                        escape_html(m),
                        escape_html(z)
                    );
                }
            }
            from += rel + d.len().max(1);
        }
    }
    escape_html(url)
}

/// Renders the complete warning page.
pub fn render_warning_page(
    server_name: &str,
    original_url: &str,
    view: &super::UrlView,
    findings: &[Finding],
    continue_href: &str,
    back_href: &str,
) -> String {
    let mut warnings = String::new();
    for f in findings {
        warnings.push_str(&format!(
            "<li>{} <small>({})</small></li>\n",
            escape_html(&f.message),
            escape_html(&f.rule)
        ));
    }
    if warnings.is_empty() {
        warnings.push_str("<li>This link was flagged for review.</li>\n");
    }
    let unknown = "(none)";
    let host_u = view.host_unicode.as_deref().unwrap_or(unknown);
    let host_a = view.host_ascii.as_deref().unwrap_or(unknown);
    let reg_u = view
        .registrable_domain_unicode
        .as_deref()
        .unwrap_or(unknown);
    let reg_a = view.registrable_domain.as_deref().unwrap_or(unknown);
    // The destination is named by its ASCII form, which is what the browser visits; the Unicode reading is
    // shown beside it only when it differs, because that reading is exactly what a look-alike exploits.
    let domain_line = match (view.registrable_domain.as_deref(), view.registrable_domain_unicode.as_deref()) {
        (Some(a), Some(u)) if a != u => format!(
            "<p>This link goes to a site under <strong>{}</strong>, a name that reads as <em>{}</em> but is not it.</p>",
            escape_html(a),
            escape_html(u)
        ),
        (Some(a), _) => format!("<p>This link goes to a site under <strong>{}</strong>.</p>", escape_html(a)),
        (None, _) => "<p>This link has no public domain name.</p>".to_string(),
    };
    format!(
        "<!DOCTYPE html>
<html lang=\"en\">
<head>
<meta charset=\"utf-8\">
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">
<meta name=\"referrer\" content=\"no-referrer\">
<title>Check this link before you open it</title>
<style>{STYLE}</style>
</head>
<body>
<h1>Check this link before you open it</h1>
<p>The server <strong>{server}</strong> asked you to open this link:</p>
<p class=\"url\" id=\"original-url\">{url}</p>
{domain_line}
<table>
<tr><th></th><th>As you read it (Unicode)</th><th>As your browser sends it (punycode)</th></tr>
<tr><th>Host</th><td>{host_u}</td><td>{host_a}</td></tr>
<tr><th>Domain</th><td>{reg_u}</td><td>{reg_a}</td></tr>
</table>
<h2>Why this link was stopped</h2>
<ul id=\"warnings\">
{warnings}</ul>
<p>Only continue if you trust this server and you expected this link.</p>
<p class=\"actions\"><a class=\"back\" href=\"{back}\" rel=\"noreferrer\">Back</a>\
<a class=\"continue\" href=\"{cont}\" rel=\"noreferrer noopener\">Continue to the link</a></p>
</body>
</html>
",
        server = escape_html(server_name),
        url = highlighted(original_url, view),
        host_u = escape_html(host_u),
        host_a = escape_html(host_a),
        reg_u = escape_html(reg_u),
        reg_a = escape_html(reg_a),
        back = escape_html(back_href),
        cont = escape_html(continue_href),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::url::{RouteUrlRules, UrlPolicy};

    fn page(url: &str) -> String {
        let p = UrlPolicy::embedded_default().unwrap();
        let j = p.judge(url, "/params/url", &RouteUrlRules::default());
        render_warning_page(
            "evil <b>server</b>",
            url,
            &j.view(),
            &j.findings,
            "https://gw.example.net/elicitguard/link/tok?go=1&x=\"",
            "javascript:history.back()",
        )
    }

    #[test]
    fn escapes_everything_from_outside() {
        let html = page("https://xn--pypal-4ve.com/<script>alert(1)</script>?q=\"><img src=x>");
        assert!(!html.contains("<script"));
        assert!(!html.contains("<img"));
        assert!(html.contains("evil &lt;b&gt;server&lt;/b&gt;"));
        assert!(html.contains("&amp;x=&quot;"));
    }

    #[test]
    fn shows_domain_forms_and_warnings() {
        let html = page("https://xn--pypal-4ve.com/signin");
        assert!(html.contains("<mark>xn--pypal-4ve.com</mark>"), "{html}");
        assert!(html.contains("pаypal.com"));
        assert!(html.contains("url.host.brand"));
        assert!(html.contains("url.host.mixed_script"));
        assert!(html.contains("url.host.punycode"));
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(!html.contains("<script"));
        assert!(!html.contains("src="));
    }

    #[test]
    fn marks_only_the_host_occurrence() {
        let html = page("https://github.com.evil-site.net/evil-site.net");
        assert!(
            html.contains("github.com.<mark>evil-site.net</mark>/evil-site.net"),
            "{html}"
        );
    }

    #[test]
    fn bidi_shown_as_codes() {
        let html = page("https://evil-site.net/\u{202E}moc.buhtig");
        assert!(html.contains("&lt;U+202E&gt;"));
        assert!(!html.contains('\u{202E}'));
    }

    #[test]
    fn csp_is_strict() {
        for d in [
            "default-src 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        ] {
            assert!(WARNING_PAGE_CSP.contains(d));
        }
        assert!(!WARNING_PAGE_CSP.contains("script-src"));
    }
}
