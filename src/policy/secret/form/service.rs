//! An identity or tax number asked for a service: a clinic's appointment, a ticket, a school's enrolment, the
//! buyer on an invoice or a receipt. Not a credential asked to get into an account.
//!
//! "Prenotazione CUP: inserisci il codice fiscale", "نوبت‌دهی … کد ملی بیمار", "PSL ٹکٹ بکنگ … شناختی کارڈ
//! نمبر", "Deseja CPF na nota fiscal?", "Fakturauppgifter: organisationsnummer": a clinic, a stadium, a shop
//! or a supplier takes the number that identifies the person or the business to it, the one printed on
//! the ticket, the patient's file or the invoice. The number is no secret there; what a scam asks beside it
//! is the secret (a tax portal's PIK, an e-signature's code, the card's PIN).
//!
//! Data (issue 35, ids17): over the tuning batches, 15 secret forms were caught only by the national-ID
//! reading and 15 benign forms were blocked only by it. Every one of the 15 secrets is a verification:
//! a tax refund, a session to log back into, a card to unblock, a signature to confirm, with the real
//! secret unnamed beside the number; none names a service. So the reading is kept and excused only for a
//! service ([`for_a_service`]): a word for a booking, an appointment, an enrolment, a ticket, an invoice,
//! a receipt or a patient ([`SERVICE`]) in the message or a field's title, in a form whose message names
//! no secret of another kind nor a reason to get into an account (the caller: ACCESS and SECQ are
//! qualifiers of `credential`). "Appointment booking: to verify your identity, your SSN and your mother's
//! maiden name" keeps the reading, and so does "Book your ticket: CNIC and the code we sent you".
//!
//! Recorded, not dropped: such a form's national-ID findings become [`RULE`] (`form.identity.for_service`),
//! whose default action is `monitor` (`policies/rules.yaml`): the number shows in metrics and the audit log,
//! and a security team that wants every such number refused, whatever the form says it is for, sets the rule
//! to `block` (globally or on a route). The engine treats it as no secret: the learned model may still speak.
//!
//! Left out: words that also say "log in" or "account" in their language (German "Anmeldung", Dutch
//! "aanmelding", Croatian and Serbian "prijava", Hungarian "bejelentkezés", Arabic "تسجيل"; Croatian
//! "račun", Hungarian "számla", Hebrew "כרטיס" that is also a card), and words too short or too common to
//! say a purpose once folded (Vietnamese "vé").

use super::wordlist::{word_list, WordList, SURVEY};
use crate::policy::secret::normalize::fold_words;
use crate::policy::Finding;

/// The rule a national-ID finding is recorded under when the form takes the number for a service.
pub(crate) const RULE: &str = "form.identity.for_service";

/// Records each `form.secret.national_id` finding of a form read as taken for a service under [`RULE`],
/// keeping where it points. The message names the reading, not the number (there is none to name: a form
/// asks, it holds no answer).
pub(super) fn record_as_service(findings: &mut [Finding]) {
    for f in findings
        .iter_mut()
        .filter(|f| f.rule == "form.secret.national_id")
    {
        f.rule = RULE.to_owned();
        f.message = "the form asks for an identity or tax number for a service it names (a booking, an \
            appointment, a ticket, an invoice, a receipt, a patient's file): recorded, not a credential by \
            default"
            .to_owned();
    }
}

/// Words for a service a public number is taken for, by language (folded as texts are; a word of five
/// letters or more matches as the start of a word).
const SERVICE: &[&str] = &[
    // en
    "appointment",
    "booking",
    "reservation",
    "registration",
    "enrolment",
    "enrollment",
    "ticket",
    "invoice",
    "receipt",
    "patient",
    // de
    "termin",
    "buchung",
    "reservierung",
    "rechnung",
    "quittung",
    "eintrittskarte",
    "patient",
    // fr
    "rendez-vous",
    "inscription",
    "billet",
    "facture",
    "recu",
    "patient",
    // es
    "cita",
    "reserva",
    "inscripcion",
    "boleto",
    "factura",
    "recibo",
    "paciente",
    // it
    "prenotazione",
    "appuntamento",
    "iscrizione",
    "biglietto",
    "fattura",
    "ricevuta",
    "scontrino",
    "paziente",
    // pt
    "agendamento",
    "inscricao",
    "ingresso",
    "bilhete",
    "nota fiscal",
    "fatura",
    "cupom fiscal",
    // nl
    "afspraak",
    "reservering",
    "boeking",
    "inschrijving",
    "factuur",
    "kwitantie",
    // ro
    "programare",
    "rezervare",
    "inscriere",
    "bilet",
    "chitanta",
    "bon fiscal",
    "pacient",
    // da, no, sv
    "bestilling",
    "reservasjon",
    "timebestilling",
    "tilmelding",
    "pamelding",
    "billett",
    "faktura",
    "kvittering",
    "pasient",
    "bokning",
    "tidsbokning",
    "anmalan",
    "biljett",
    "kvitto",
    // fi
    "ajanvaraus",
    "varaus",
    "ilmoittautuminen",
    "lippu",
    "lasku",
    "kuitti",
    "potilas",
    // pl, cs, sk
    "wizyta",
    "rezerwacja",
    "rejestracja",
    "paragon",
    "pacjent",
    "objednani",
    "rezervace",
    "registrace",
    "vstupenka",
    "jizdenka",
    "uctenka",
    "rezervacia",
    "registracia",
    "listok",
    "blocok",
    // ru, uk, bg
    "запись на прием",
    "бронирование",
    "регистрация",
    "билет",
    "квитанция",
    "пациент",
    "бронювання",
    "реєстрація",
    "квиток",
    "квитанція",
    "пацієнт",
    "записване",
    "резервация",
    "фактура",
    "касова бележка",
    // hr, sr, lt
    "rezervacija",
    "upis",
    "ulaznica",
    "pacijent",
    "резервација",
    "упис",
    "улазница",
    "пацијент",
    "termin",
    "термин",
    "registracija",
    "vizitas",
    "bilietas",
    "kvitas",
    "pacientas",
    // hu, el, tr
    "idopontfoglalas",
    "foglalas",
    "regisztracio",
    "nyugta",
    "beteg",
    "rendeles",
    "ραντεβου",
    "κρατηση",
    "εγγραφη",
    "εισιτηριο",
    "τιμολογιο",
    "αποδειξη",
    "παραστατικο",
    "ασθεν",
    "randevu",
    "rezervasyon",
    "kayit",
    "fatura",
    "hasta",
    // ar, fa, he, ur
    "موعد",
    "حجز",
    "تذكرة",
    "فاتورة",
    "إيصال",
    "مريض",
    "نوبت",
    "رزرو",
    "ثبت نام",
    "بلیت",
    "بلیط",
    "فاکتور",
    "رسید",
    "بیمار",
    "תור",
    "רישום",
    "חשבונית",
    "קבלה",
    "מטופל",
    "اپائنٹمنٹ",
    "بکنگ",
    "ٹکٹ",
    "انوائس",
    "مریض",
    "رجسٹریشن",
    // hi, bn, mr, ta, te
    "अपॉइंटमेंट",
    "बुकिंग",
    "पंजीकरण",
    "टिकट",
    "रसीद",
    "चालान",
    "मरीज",
    "অ্যাপয়েন্টমেন্ট",
    "বুকিং",
    "নিবন্ধন",
    "টিকিট",
    "রসিদ",
    "রোগী",
    "नोंदणी",
    "तिकीट",
    "पावती",
    "रुग्ण",
    "முன்பதிவு",
    "டிக்கெட்",
    "ரசீது",
    "விலைப்பட்டியல்",
    "நோயாளி",
    "అపాయింట్‌మెంట్",
    "బుకింగ్",
    "నమోదు",
    "టికెట్",
    "రసీదు",
    "ఇన్వాయిస్",
    "రోగి",
    // id, ms, tl, sw
    "janji temu",
    "pemesanan",
    "reservasi",
    "tempahan",
    "pendaftaran",
    "tiket",
    "faktur",
    "invois",
    "kuitansi",
    "resit",
    "struk",
    "pasien",
    "pesakit",
    "pagpaparehistro",
    "resibo",
    "pasyente",
    "miadi",
    "usajili",
    "tiketi",
    "ankara",
    "risiti",
    "mgonjwa",
    // vi, th
    "lich hen",
    "dat lich",
    "dat cho",
    "hoa don",
    "bien lai",
    "benh nhan",
    "นัดหมาย",
    "การจอง",
    "ลงทะเบียน",
    "ตั๋ว",
    "ใบกำกับภาษี",
    "ใบเสร็จ",
    "ผู้ป่วย",
    // zh, ja, ko
    "预约",
    "挂号",
    "预订",
    "报名",
    "门票",
    "车票",
    "发票",
    "收据",
    "患者",
    "病人",
    "預約",
    "掛號",
    "預訂",
    "發票",
    "收據",
    "予約",
    "受付",
    "申込",
    "申し込み",
    "チケット",
    "請求書",
    "領収書",
    "예약",
    "접수",
    "티켓",
    "입장권",
    "영수증",
    "세금계산서",
    "환자",
];

/// Words for a passport, by language: a travel document's number is kept blocked whatever the service (a
/// travel booking that asks for it is a secret in the regression corpus, `tests/corpus/forms.jsonl`).
const PASSPORT: &[&str] = &[
    "passport",
    "pasaporte",
    "passaporto",
    "passaporte",
    "passeport",
    "reisepass",
    "paspoort",
    "pasaport",
    "pașaport",
    "paszport",
    "cestovni pas",
    "cestovny pas",
    "putovnica",
    "пасош",
    "passi",
    "passet",
    "útlevél",
    "pasas",
    "паспорт",
    "διαβατηριο",
    "جواز سفر",
    "گذرنامه",
    "پاسپورت",
    "דרכון",
    "پاسپورٹ",
    "पासपोर्ट",
    "পাসপোর্ট",
    "பாஸ்போர்ட்",
    "పాస్‌పోర్ట్",
    "paspor",
    "pasipoti",
    "ho chieu",
    "หนังสือเดินทาง",
    "护照",
    "護照",
    "旅券",
    "パスポート",
    "여권",
];

folded_words! { fn service_words = SERVICE; }
folded_words! { fn passport_words = PASSPORT; }
word_list! { fn service_list = service_words(), SURVEY; }
word_list! { fn passport_list = passport_words(), SURVEY; }

/// Whether one of `texts` (the message, the fields' titles) names a service a public number is taken for
/// ([`SERVICE`]). The caller reads the rest: no other secret and no reason to get into an account named.
/// A passport named in any of them ([`PASSPORT`]) keeps the reading.
pub(super) fn for_a_service(texts: &[&str]) -> bool {
    let holds = |list: &WordList| {
        texts
            .iter()
            .any(|t| !t.is_empty() && list.holds(&fold_words(t)))
    };
    holds(service_list()) && !holds(passport_list())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_service_is_read_in_the_languages_and_a_login_is_not() {
        for t in [
            "Prenotazione CUP: inserisci il codice fiscale",
            "PSL ٹکٹ بکنگ - قذافی اسٹیڈیم لاہور",
            "Deseja CPF na nota fiscal?",
            "Háziorvosi időpontfoglalás",
            "Agenda tu cita de vacunación",
            "Fakturauppgifter för företag: vi behöver organisationsnummer för att kunna fakturera",
            "診察の予約",
        ] {
            assert!(for_a_service(&[t]), "{t}");
        }
        for t in [
            "Belastingdienst: beantwoord de beveiligingsvraag die u bij uw aanmelding heeft gekozen.",
            "Влезте отново с ЕГН и персоналния идентификационен код.",
            "Bitte Anmeldung mit Steuer-ID abschließen.",
            "تسجيل الدخول برقم الهوية",
            "Travel booking: passportNumber",
            "Бронирование: серия и номер паспорта",
            "",
        ] {
            assert!(!for_a_service(&[t]), "{t}");
        }
    }
}
