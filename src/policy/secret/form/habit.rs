//! A secret described by what the user does with it: "the code you press at the ATM when withdrawing",
//! "what you type every time you enter your e-banking", "the same details you log in to your bank with",
//! "answer as you answered when the account was opened". The message never names the secret; it names the
//! user's own act of authenticating, and a neutral field takes what that act enters.
//!
//! A sentence of the message ([`described`]) reads so when it holds:
//! - a keying act in the user's own voice ([`KEYING`]: "you press", "vẫn bấm", "πληκτρολογείτε", not the
//!   request "type" or "enter") with an occasion of paying or taking cash ([`CASH`]: an ATM, a withdrawal,
//!   sending money): the PIN;
//! - the same act, or "the same" ([`SAME`]), with an occasion of signing in ([`LOGIN`]: logging in, the
//!   online bank): the password;
//! - an answer ([`ANSWER`]) with the occasion the account was opened or created ([`OPENING`]): the security
//!   questions' answers.
//!
//! A keypad at a door, a search box or a parcel locker is no occasion of either list, so "the code you press
//! at the intercom" and "what you typed in the search box" stay benign. A sentence that names what is keyed
//! as an identifier ([`IDENTIFIER`]: "the e-mail you type to log in") or, at a cash machine, an amount
//! ([`AMOUNT`]: "the amount you withdrew at the ATM"), a negated sentence ("we never ask what you press at
//! the ATM"), a puzzle's clue ("Crossword, 5 down: the digits typed at the ATM") and an answer asked for
//! an opinion (a survey about opening the account) are not read. The
//! finding is the caller's, over a form with a free-text field and no field found otherwise.

use super::negation;
use super::sense::AT_WORD_START;
use super::survey::sentences;
use super::wordlist::word_list;
use crate::policy::secret::normalize::fold_words;

/// The user's own act of keying something in, in the second person or as a relative clause ("the code you
/// press", "što ukucavate", "যে ... চাপেন"): not the imperative that asks the form's field to be filled.
const KEYING: &[&str] = &[
    // en
    "you press",
    "you pressed",
    "you type",
    "you typed",
    "you key in",
    "you key",
    "you punch",
    "you tap in",
    "you enter at",
    "you enter when",
    "you enter every",
    "you always enter",
    "you usually enter",
    // de, nl
    "eintippen",
    "eintippst",
    "eingetippt",
    "tippen sie",
    "tippst",
    "drücken sie am",
    "drückst",
    "sie eingeben",
    "du eingibst",
    "je intoetst",
    "u intoetst",
    "intoetst",
    "je typt",
    "u typt",
    "je drukt",
    "u drukt",
    "je intikt",
    "u intikt",
    // fr, es, pt, it, ro
    "vous tapez",
    "tu tapes",
    "vous composez",
    "tu composes",
    "vous saisissez",
    "tu saisis",
    "vous appuyez",
    "tecleas",
    "marcas",
    "pulsas",
    "digitas",
    "introduces",
    "usted marca",
    "usted teclea",
    "usted digita",
    "você digita",
    "você tecla",
    "você aperta",
    "você insere",
    "você coloca",
    "você usa",
    "che digiti",
    "che inserisci",
    "che premi",
    "che digita",
    "che inserisce",
    "che usi",
    "tastezi",
    "tastați",
    "apeși",
    "introduci",
    "folosești",
    // sv, no, da, fi
    "du skriver in",
    "du knappar in",
    "du trycker",
    "du slår in",
    "du anger",
    "du taster",
    "du skriver inn",
    "du trykker",
    "du slår inn",
    "du indtaster",
    "näppäilet",
    "kirjoitat",
    "painat",
    "syötät",
    // pl, cs, sk, hr, sr, lt
    "wpisujesz",
    "wstukujesz",
    "wciskasz",
    "naciskasz",
    "wpisuje pan",
    "wpisuje pani",
    "zadáváte",
    "zadáváš",
    "vyťukáte",
    "ťukáte",
    "mačkáte",
    "píšete",
    "zadávate",
    "zadávaš",
    "ťukáte",
    "stláčate",
    "upisuješ",
    "upisujete",
    "ukucavaš",
    "ukucavate",
    "utipkavate",
    "utipkavaš",
    "pritišćete",
    "pritišćeš",
    "kucate",
    "kucaš",
    "unosite",
    "unosiš",
    "уносите",
    "укуцавате",
    "куцате",
    "притискате",
    "įvedate",
    "įvedi",
    "vedate",
    "spaudžiate",
    "spaudi",
    "renkate",
    // ru, uk, bg, el
    "вводите",
    "вводишь",
    "набираете",
    "набираешь",
    "нажимаете",
    "нажимаешь",
    "вводиш",
    "набираєте",
    "набираєш",
    "натискаєте",
    "натискаєш",
    "въвеждате",
    "въвеждаш",
    "набирате",
    "набираш",
    "натискате",
    "натискаш",
    "πληκτρολογείτε",
    "πληκτρολογείς",
    "πατάτε",
    "πατάς",
    "βάζετε",
    "βάζεις",
    // hu, tr
    "beütsz",
    "beütöd",
    "beütöttél",
    "beírsz",
    "beírod",
    "begépelsz",
    "begépeled",
    "megadsz",
    "nyomsz",
    "girdiğiniz",
    "girdiğin",
    "tuşladığınız",
    "tuşladığın",
    "yazdığınız",
    "bastığınız",
    "bastığın",
    // ar, fa, ur, he
    "تدخله",
    "تدخلها",
    "تكتبه",
    "تكتبها",
    "تضغطه",
    "تضغطها",
    "تضغط عليه",
    "وارد می کنید",
    "وارد میکنید",
    "می زنید",
    "میزنید",
    "تایپ می کنید",
    "دباتے ہیں",
    "ٹائپ کرتے ہیں",
    "درج کرتے ہیں",
    "ڈالتے ہیں",
    "מקיש",
    "מקישה",
    "מקישים",
    "מקליד",
    "מקלידה",
    "מקלידים",
    "לוחץ",
    "לוחצת",
    "לוחצים",
    // hi, mr, bn, ta, te
    "दबाते हैं",
    "दबाते हो",
    "डालते हैं",
    "डालते हो",
    "टाइप करते हैं",
    "दर्ज करते हैं",
    "दाबता",
    "टाकता",
    "टाइप करता",
    "চাপেন",
    "চাপো",
    "টাইপ করেন",
    "টেপেন",
    "লেখেন",
    "அழுத்தும்",
    "அழுத்துவீர்கள்",
    "தட்டச்சு செய்யும்",
    "உள்ளிடும்",
    "நொక్కే",
    "నొక్కే",
    "నొక్కుతారు",
    "టైప్ చేసే",
    "ఎంటర్ చేసే",
    // th, vi, id, ms, tl, sw
    "คุณกด",
    "ที่กด",
    "คุณพิมพ์",
    "ที่พิมพ์",
    "คุณใส่",
    "bạn bấm",
    "bạn nhấn",
    "bạn gõ",
    "vẫn bấm",
    "vẫn nhập",
    "vẫn gõ",
    "thường bấm",
    "thường nhập",
    "hay bấm",
    "hay nhập",
    "anda tekan",
    "kamu tekan",
    "anda ketik",
    "kamu ketik",
    "yang anda masukkan",
    "yang kamu masukkan",
    "anda taip",
    "awak tekan",
    "awak taip",
    "pinipindot mo",
    "pinindot mo",
    "tina type mo",
    "tinatype mo",
    "inilalagay mo",
    "tinitipa mo",
    "unabonyeza",
    "unaandika",
    "unaloandika",
    "unalobonyeza",
    "unaloweka",
    // zh, ja, ko
    "输入的",
    "輸入的",
    "按的",
    "按下的",
    "敲的",
    "入力する",
    "入力している",
    "押す",
    "押している",
    "打ち込む",
    "입력하는",
    "입력하시는",
    "누르는",
    "누르시는",
    "입력했던",
    "누르던",
];

/// An occasion of paying or taking cash: a cash machine, a withdrawal, money sent or paid from an app.
const CASH: &[&str] = &[
    "atm",
    "cash machine",
    "cashpoint",
    "withdraw",
    "withdrawing",
    "withdrawal",
    "send money",
    "sending money",
    "transfer money",
    "payment terminal",
    "card terminal",
    "geldautomat",
    "bankomat",
    "abheben",
    "abhebst",
    "kartenterminal",
    "distributeur",
    "guichet automatique",
    "retirer",
    "retrait",
    "cajero",
    "retirar",
    "retiras",
    "enviar dinero",
    "envías dinero",
    "datáfono",
    "caixa eletrônico",
    "caixa eletrónico",
    "multibanco",
    "sacar",
    "saque",
    "levantar dinheiro",
    "maquininha",
    "bancomat",
    "prelievo",
    "prelevare",
    "prelevi",
    "pinautomaat",
    "geldautomaat",
    "pinnen",
    "uttagsautomat",
    "ta ut pengar",
    "tar ut pengar",
    "betalterminal",
    "minibank",
    "ta ut penger",
    "tar ut penger",
    "betalingsterminal",
    "hæveautomat",
    "pengeautomat",
    "hæve penge",
    "hæver penge",
    "pankkiautomaat",
    "automaatilta",
    "nostat rahaa",
    "nostaa rahaa",
    "maksupääte",
    "wypłacasz",
    "wypłacać",
    "wypłaty",
    "wypłacie",
    "terminal płatniczy",
    "vybíráte",
    "výběr hotovosti",
    "platební terminál",
    "vyberáte",
    "výber hotovosti",
    "platobný terminál",
    "bankomatu",
    "podižeš",
    "podižete",
    "podizanje",
    "банкомат",
    "банкомата",
    "подижете",
    "išsiimate",
    "išsiimi",
    "grynuosius",
    "снимаете",
    "снимаешь",
    "снятии",
    "снять деньги",
    "отправляете деньги",
    "переводите деньги",
    "знімаєте",
    "знімаєш",
    "зняття",
    "надсилаєте гроші",
    "теглите",
    "теглиш",
    "теглене",
    "ανάληψη",
    "αναλήψεις",
    "σηκώνετε",
    "σηκώνεις",
    "bankautomat",
    "pénzfelvétel",
    "pénzt vesz",
    "pénzt veszel",
    "retragi",
    "retrageți",
    "retragere",
    "bankamatik",
    "para çek",
    "para gönder",
    "الصراف",
    "صراف",
    "تسحب",
    "سحب النقود",
    "ترسل الأموال",
    "ترسل المال",
    "خودپرداز",
    "عابربانک",
    "برداشت وجه",
    "کارت به کارت",
    "اے ٹی ایم",
    "پیسے نکال",
    "پیسے بھیج",
    "כספומט",
    "מושך כסף",
    "מושכים כסף",
    "משיכת מזומן",
    "एटीएम",
    "पैसे निकाल",
    "पैसे भेज",
    "पैसे काढ",
    "पैसे पाठव",
    "এটিএম",
    "টাকা তোল",
    "টাকা পাঠা",
    "ஏடிஎம்",
    "பணம் எடுக்",
    "பணம் அனுப்ப",
    "ఏటీఎం",
    "ఏటిఎం",
    "డబ్బు తీసే",
    "డబ్బులు తీసే",
    "డబ్బు పంపే",
    "เอทีเอ็ม",
    "ถอนเงิน",
    "โอนเงิน",
    "rút tiền",
    "chuyển tiền",
    "tarik tunai",
    "menarik uang",
    "kirim uang",
    "keluarkan wang",
    "mengeluarkan wang",
    "hantar wang",
    "nagwi withdraw",
    "nag withdraw",
    "magpadala ng pera",
    "nagpapadala ng pera",
    "kutoa pesa",
    "unapotoa pesa",
    "kutuma pesa",
    "unapotuma pesa",
    "取款机",
    "提款机",
    "取款機",
    "提款機",
    "取钱",
    "取錢",
    "取款",
    "转账",
    "轉帳",
    "汇款",
    "引き出",
    "送金",
    "現金",
    "현금인출",
    "출금",
    "송금",
];

/// An occasion of signing in: logging in, the online bank.
const LOGIN: &[&str] = &[
    "log in",
    "logging in",
    "log into",
    "log on",
    "sign in",
    "signing in",
    "online bank",
    "netbank",
    "internet bank",
    "e banking",
    "ebanking",
    "banking app",
    "mobile banking",
    "anmelde",
    "anmelden",
    "einlogg",
    "onlinebanking",
    "vous connectez",
    "te connectes",
    "banque en ligne",
    "inicias sesión",
    "iniciar sesión",
    "banca en línea",
    "banca online",
    "banca por internet",
    "faz login",
    "fazer login",
    "internet banking",
    "home banking",
    "accedi",
    "inlogt",
    "inloggen",
    "internetbankier",
    "logga in",
    "loggar in",
    "internetbank",
    "logge inn",
    "logger inn",
    "nettbank",
    "logge ind",
    "logger ind",
    "kirjaudut",
    "kirjautu",
    "nettipankki",
    "verkkopankki",
    "logujesz",
    "zalogować",
    "bankowości internetow",
    "přihlašujete",
    "přihlášení",
    "internetové bankovnictví",
    "internetového bankovnictví",
    "prihlasujete",
    "prihlásení",
    "internetové bankovníctvo",
    "internetového bankovníctva",
    "prijavljuješ",
    "prijavljujete",
    "internet bankarstvo",
    "пријављујете",
    "prisijungiate",
    "jungiatės",
    "internetinės bankininkystės",
    "входите в",
    "заходите в",
    "авторизуетесь",
    "интернет банк",
    "онлайн банк",
    "інтернет банк",
    "онлайн банк",
    "влизате в",
    "влизаш в",
    "онлайн банкиране",
    "μπαίνετε στο",
    "μπαίνεις στο",
    "συνδέεστε",
    "συνδέεσαι",
    "bejelentkez",
    "belépsz",
    "te conectezi",
    "vă conectați",
    "te loghezi",
    "giriş yap",
    "internet bankacılığı",
    "mobil bankacılık",
    "تسجيل الدخول",
    "تسجل الدخول",
    "اینترنت بانک",
    "همراه بانک",
    "لاگ ان",
    "מתחבר",
    "מתחברת",
    "מתחברים",
    "לוג אין",
    "लॉग इन",
    "लॉगिन",
    "नेट बैंकिंग",
    "नेट बँकिंग",
    "লগ ইন",
    "লগইন",
    "নেট ব্যাংকিং",
    "உள்நுழை",
    "லாக் இன்",
    "లాగిన్",
    "లాగ్ ఇన్",
    "เข้าสู่ระบบ",
    "ล็อกอิน",
    "แอปธนาคาร",
    "đăng nhập",
    "log masuk",
    "perbankan internet",
    "mag log in",
    "naglo log in",
    "unapoingia kwenye",
    "登录",
    "登陆",
    "登入",
    "網銀",
    "网银",
    "网上银行",
    "網上銀行",
    "ログイン",
    "ネットバンキング",
    "로그인",
    "인터넷뱅킹",
];

/// "The same": what the user signs in with, named by its occasion alone ("samoilla tiedoilla, joilla
/// kirjaudut nettipankkiin").
const SAME: &[&str] = &[
    "the same",
    "dieselben",
    "die gleichen",
    "mêmes",
    "mismos",
    "mismas",
    "mesmos",
    "mesmas",
    "stessi",
    "stesse",
    "dezelfde",
    "samma",
    "samme",
    "samoilla",
    "samat",
    "tych samych",
    "tymi samymi",
    "stejné",
    "stejnými",
    "rovnaké",
    "rovnakými",
    "istim",
    "iste podatke",
    "истим",
    "tais pačiais",
    "те же",
    "теми же",
    "тими самими",
    "ті самі",
    "същите",
    "ίδια",
    "ίδιους",
    "ugyanazok",
    "ugyanazokkal",
    "aceleași",
    "aynı",
    "نفس",
    "همان",
    "وہی",
    "אותם פרטים",
    "אותם",
    "वही",
    "उन्हीं",
    "तेच",
    "একই",
    "அதே",
    "అదే",
    "เดียวกัน",
    "giống như",
    "yang sama",
    "parehong",
    "zile zile",
    "同样的",
    "相同的",
    "同じ",
    "같은",
    "동일한",
];

/// An answer given, or to give.
const ANSWER: &[&str] = &[
    "answer",
    "answered",
    "answers",
    "antwort",
    "beantwort",
    "répond",
    "réponse",
    "respond",
    "respuesta",
    "resposta",
    "rispond",
    "rispost",
    "antwoord",
    "beantwoord",
    "svara",
    "svarade",
    "svaren",
    "svare",
    "svarte",
    "svarene",
    "svarede",
    "vastaa",
    "vastasit",
    "vastauks",
    "odpowied",
    "odpowiadał",
    "odpověd",
    "odpovídal",
    "odpovězte",
    "odpoved",
    "odgovor",
    "одговор",
    "atsakym",
    "atsakykite",
    "atsakėte",
    "ответ",
    "відповід",
    "отговор",
    "απαντ",
    "válasz",
    "răspuns",
    "răspunde",
    "cevap",
    "yanıt",
    "الإجابة",
    "أجب",
    "إجابات",
    "الأجوبة",
    "اجابة",
    "پاسخ",
    "جواب",
    "ענית",
    "ענה",
    "עני",
    "תשובות",
    "תשובה",
    "जवाब",
    "उत्तर",
    "উত্তর",
    "பதில்",
    "సమాధాన",
    "ตอบ",
    "trả lời",
    "jawab",
    "jawaban",
    "jawapan",
    "sagot",
    "sinagot",
    "jibu",
    "majibu",
    "ulijibu",
    "回答",
    "答案",
    "答え",
    "답변",
    "대답",
];

/// The occasion the account was opened, created or signed up for.
const OPENING: &[&str] = &[
    "opened your account",
    "opening your account",
    "open your account",
    "account was opened",
    "account opening",
    "created your account",
    "creating your account",
    "account was created",
    "set up your account",
    "signed up",
    "kontoeröffnung",
    "konto eröffnet",
    "eröffnung ihres kontos",
    "konto angelegt",
    "ouverture de votre compte",
    "ouverture du compte",
    "ouvert votre compte",
    "création de votre compte",
    "créé votre compte",
    "abrir tu cuenta",
    "abriste tu cuenta",
    "apertura de la cuenta",
    "apertura de su cuenta",
    "abrió su cuenta",
    "creaste tu cuenta",
    "abertura da conta",
    "abriu sua conta",
    "abriu a conta",
    "criou sua conta",
    "apertura del conto",
    "aperto il conto",
    "creato l account",
    "rekening opende",
    "account aanmaakte",
    "account aangemaakt",
    "öppnade kontot",
    "kontot öppnades",
    "skapade kontot",
    "kontot skapades",
    "kontoen ble opprettet",
    "opprettet kontoen",
    "åpnet kontoen",
    "oprettede kontoen",
    "kontoen blev oprettet",
    "åbnede kontoen",
    "avasit tilin",
    "tilin avaamis",
    "tiliä avatessa",
    "loit tilin",
    "zakładaniu konta",
    "założeniu konta",
    "zakładania konta",
    "otwieraniu konta",
    "otwarciu konta",
    "założení účtu",
    "zakládání účtu",
    "zřízení účtu",
    "otevření účtu",
    "zakladaní účtu",
    "zriadení účtu",
    "otvorení účtu",
    "otvaranja računa",
    "otvaranju računa",
    "otvorili račun",
    "otvarali račun",
    "otvarali racun",
    "отварали рачун",
    "отварања рачуна",
    "отварању рачуна",
    "atidarydami sąskaitą",
    "atidarant sąskaitą",
    "открытии счета",
    "открытии счёта",
    "открывали счет",
    "открывали счёт",
    "создании аккаунта",
    "відкритті рахунку",
    "відкривали рахунок",
    "створенні акаунта",
    "откриване на сметка",
    "откриването на сметката",
    "откривахте сметка",
    "άνοιγμα του λογαριασμού",
    "ανοίξατε τον λογαριασμό",
    "δημιουργία του λογαριασμού",
    "számlanyitás",
    "fiók létrehozás",
    "deschiderea contului",
    "deschiderii contului",
    "ați deschis contul",
    "crearea contului",
    "hesap açılış",
    "hesabınızı açarken",
    "hesabını açarken",
    "hesap açarken",
    "فتح حساب",
    "فتح الحساب",
    "إنشاء حساب",
    "إنشاء الحساب",
    "افتتاح حساب",
    "باز کردن حساب",
    "اکاؤنٹ کھولتے",
    "اکاؤنٹ کھولنے",
    "פתיחת החשבון",
    "פתחת את החשבון",
    "פתיחת חשבון",
    "खाता खोलते",
    "खाता खोलने",
    "अकाउंट खोलते",
    "खाते उघडताना",
    "অ্যাকাউন্ট খোলার",
    "একাউন্ট খোলার",
    "হিসাব খোলার",
    "கணக்கு தொடங்க",
    "கணக்கைத் திறக்",
    "கணக்கு திறக்",
    "ఖాతా తెరిచే",
    "ఖాతా తెరిచినప్పుడు",
    "เปิดบัญชี",
    "mở tài khoản",
    "tạo tài khoản",
    "membuka rekening",
    "pembukaan rekening",
    "buka rekening",
    "membuka akaun",
    "pembukaan akaun",
    "nagbukas ng account",
    "pagbukas ng account",
    "ulipofungua akaunti",
    "kufungua akaunti",
    "开户",
    "開戶",
    "口座開設",
    "口座を開設",
    "계좌 개설",
    "계좌개설",
];

/// An answer the user gave before, in the second person's past ("what you answered", "как сте отговорили",
/// "mit válaszolt"): read with the occasion of registering ([`REGISTERING`]), where the present "answer"
/// alone is an ordinary request.
const ANSWERED: &[&str] = &[
    "you answered",
    "you replied",
    "geantwortet",
    "avez répondu",
    "as répondu",
    "respondiste",
    "respondió",
    "contestaste",
    "contestó",
    "respondeu",
    "hai risposto",
    "ha risposto",
    "antwoordde",
    "geantwoord",
    "svarade",
    "svarte",
    "svarede",
    "vastasit",
    "odpowiedział",
    "odpověděl",
    "odpovedal",
    "odgovorili",
    "odgovorio",
    "odgovorila",
    "одговорили",
    "одговорио",
    "atsakėte",
    "atsakei",
    "ответили",
    "отвечали",
    "відповіли",
    "відповідали",
    "отговорили",
    "отговаряли",
    "απαντήσατε",
    "απάντησες",
    "válaszolt",
    "felelt",
    "ați răspuns",
    "ai răspuns",
    "cevapladığınız",
    "yanıtladığınız",
    "verdiğiniz cevap",
    "verdiğiniz yanıt",
    "أجبت",
    "اجبت",
    "أجبتم",
    "پاسخ دادید",
    "جواب دادید",
    "جواب دیا",
    "ענית",
    "עניתם",
    "जवाब दिया",
    "उत्तर दिया",
    "उत्तर दिले",
    "উত্তর দিয়েছিলেন",
    "উত্তর দিয়েছেন",
    "பதிலளித்த",
    "பதில் அளித்த",
    "సమాధానం ఇచ్చిన",
    "సమాధానమిచ్చిన",
    "ที่คุณตอบ",
    "คุณเคยตอบ",
    "đã trả lời",
    "anda jawab",
    "kamu jawab",
    "awak jawab",
    "sinagot mo",
    "isinagot mo",
    "ulijibu",
    "uliyojibu",
    "你回答的",
    "您回答的",
    "当时回答",
    "當時回答",
    "回答した",
    "答えた",
    "답변하신",
    "답변한",
    "대답한",
];

/// The occasion of registering with a service: "when you registered", "при регистрацията",
/// "regisztrációkor". Read only with [`ANSWERED`].
const REGISTERING: &[&str] = &[
    "registr",
    "register",
    "signed up",
    "signing up",
    "enrolled",
    "enrolment",
    "enrollment",
    "inscription",
    "inscrit",
    "inscripción",
    "cadastr",
    "iscrizione",
    "iscritto",
    "rekisteröi",
    "rejestracj",
    "rejestrowa",
    "zarejestrowa",
    "zaregistrova",
    "регистрациј",
    "регистрова",
    "užsiregistr",
    "регистра",
    "регистри",
    "зарегистрир",
    "реєстрац",
    "зареєстр",
    "εγγραφ",
    "regisztr",
    "înregistr",
    "kaydol",
    "kayıt ol",
    "kayıt sırasında",
    "التسجيل",
    "تسجيلك",
    "سجلت",
    "ثبت نام",
    "ثبتنام",
    "رجسٹریشن",
    "رجسٹر",
    "ההרשמה",
    "בהרשמה",
    "נרשמת",
    "पंजीकरण",
    "रजिस्ट्रेशन",
    "रजिस्टर",
    "नोंदणी",
    "নিবন্ধন",
    "রেজিস্ট্রেশন",
    "பதிவு செய்த",
    "பதிவின்",
    "నమోదు",
    "రిజిస్ట్రేషన్",
    "ลงทะเบียน",
    "สมัครสมาชิก",
    "đăng ký",
    "mendaftar",
    "pendaftaran",
    "registrasi",
    "nagparehistro",
    "pagpaparehistro",
    "nag sign up",
    "ulipojisajili",
    "kujisajili",
    "usajili",
    "注册",
    "註冊",
    "登録",
    "가입",
    "등록",
];

/// Words naming what is keyed as an identifier, not a secret: an e-mail, a user name.
const IDENTIFIER: &[&str] = &[
    "email",
    "e mail",
    "username",
    "user name",
    "user id",
    "benutzername",
    "nom d utilisateur",
    "courriel",
    "correo",
    "usuario",
    "nome utente",
    "gebruikersnaam",
    "e post",
    "epost",
    "användarnamn",
    "brukernavn",
    "brugernavn",
    "sähköpost",
    "käyttäjätunnus",
    "nazwa użytkownika",
    "nazwę użytkownika",
    "uživatelské jméno",
    "používateľské meno",
    "korisničko ime",
    "корисничко име",
    "vartotojo vardas",
    "почт",
    "логин",
    "имя пользователя",
    "ім я користувача",
    "потребителско име",
    "χρήστη",
    "felhasználónév",
    "numele de utilizator",
    "kullanıcı adı",
    "e posta",
    "البريد",
    "اسم المستخدم",
    "ایمیل",
    "نام کاربری",
    "ای میل",
    "صارف نام",
    "אימייל",
    "דוא ל",
    "שם משתמש",
    "ईमेल",
    "यूजरनेम",
    "ইমেইল",
    "ইউজারনেম",
    "மின்னஞ்சல்",
    "பயனர் பெயர்",
    "ఈమెయిల్",
    "యూజర్ నేమ్",
    "อีเมล",
    "ชื่อผู้ใช้",
    "tên đăng nhập",
    "nama pengguna",
    "barua pepe",
    "jina la mtumiaji",
    "邮箱",
    "郵箱",
    "用户名",
    "用戶名",
    "メール",
    "ユーザー名",
    "이메일",
    "아이디",
];

/// Words naming an amount of money: the cash machine's sum, not its PIN.
const AMOUNT: &[&str] = &[
    "amount",
    "how much",
    "betrag",
    "summe",
    "montant",
    "somme",
    "monto",
    "importe",
    "cantidad",
    "quantia",
    "valor",
    "importo",
    "somma",
    "bedrag",
    "belopp",
    "beløb",
    "beløp",
    "summa",
    "määrä",
    "kwota",
    "kwotę",
    "částk",
    "čiastk",
    "iznos",
    "износ",
    "sumą",
    "сумм",
    "сума",
    "сумата",
    "ποσό",
    "összeg",
    "sumă",
    "suma",
    "tutar",
    "miktar",
    "مبلغ",
    "المبلغ",
    "مقدار",
    "رقم المبلغ",
    "رقم",
    "סכום",
    "राशि",
    "रकम",
    "रक्कम",
    "পরিমাণ",
    "தொகை",
    "మొత్తం",
    "จำนวนเงิน",
    "số tiền",
    "jumlah",
    "halaga",
    "kiasi",
    "金额",
    "金額",
    "금액",
    "얼마",
];

folded_words! { fn keying_words = KEYING; }
folded_words! { fn cash_words = CASH; }
folded_words! { fn login_words = LOGIN; }
folded_words! { fn same_words = SAME; }
folded_words! { fn answer_words = ANSWER; }
folded_words! { fn opening_words = OPENING; }
folded_words! { fn answered_words = ANSWERED; }
folded_words! { fn registering_words = REGISTERING; }
folded_words! { fn identifier_words = IDENTIFIER; }
folded_words! { fn amount_words = AMOUNT; }

word_list! { fn keying_list = keying_words(), AT_WORD_START; }
word_list! { fn cash_list = cash_words(), AT_WORD_START; }
word_list! { fn login_list = login_words(), AT_WORD_START; }
word_list! { fn same_list = same_words(), AT_WORD_START; }
word_list! { fn answer_list = answer_words(), AT_WORD_START; }
word_list! { fn opening_list = opening_words(), AT_WORD_START; }
word_list! { fn answered_list = answered_words(), AT_WORD_START; }
word_list! { fn registering_list = registering_words(), AT_WORD_START; }
word_list! { fn identifier_list = identifier_words(), AT_WORD_START; }
word_list! { fn amount_list = amount_words(), AT_WORD_START; }

/// Longest message read, in bytes: the description stands near the request, and a longer message is read
/// no further (a bound on the sentences folded).
const MAX_READ_BYTES: usize = 4096;

/// The secret a described act enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Described {
    /// Keyed at a cash machine or a payment: the PIN.
    Pin,
    /// Keyed, or "the same", at a sign-in: the password.
    Password,
    /// Answered as when the account was opened: the security questions' answers.
    Answers,
}

impl Described {
    /// The category of the packs the finding is recorded under.
    pub(super) fn category(self) -> &'static str {
        match self {
            Described::Pin => "pin",
            Described::Password => "password",
            Described::Answers => "credential",
        }
    }

    /// What the finding says the message describes.
    pub(super) fn why(self) -> &'static str {
        match self {
            Described::Pin => "described as what the user keys in at a cash machine or a payment",
            Described::Password => "described as what the user keys in to sign in",
            Described::Answers => "described as the answers given when the account was opened",
        }
    }
}

/// What secret a sentence of `message` describes by the user's own act of authenticating (see the module
/// doc), the first one read.
pub(super) fn described(message: &str) -> Option<Described> {
    let head = super::head(message, MAX_READ_BYTES);
    sentences(head).iter().find_map(|&(sentence, _)| {
        let folded = fold_words(&sentence.replace('_', " "));
        // "Crossword, 5 down: «the four digits typed at the bank's ATM»": a clue describes the word to
        // find, not a secret to give.
        read_sentence(&folded).filter(|_| !super::puzzle::names_puzzle(sentence, ""))
    })
}

/// How one folded sentence reads (see the module doc). The word lists first, one pass each: the negation,
/// which costs more, only reads a sentence that describes a secret.
fn read_sentence(folded: &str) -> Option<Described> {
    described_by_words(folded).filter(|_| !negation::negated(folded))
}

/// How one folded sentence reads by its word lists alone, the negation aside.
fn described_by_words(folded: &str) -> Option<Described> {
    let keyed = keying_list().holds(folded);
    if keyed && !identifier_list().holds(folded) {
        if cash_list().holds(folded) && !amount_list().holds(folded) {
            return Some(Described::Pin);
        }
        if login_list().holds(folded) {
            return Some(Described::Password);
        }
    }
    if !keyed
        && same_list().holds(folded)
        && login_list().holds(folded)
        && !identifier_list().holds(folded)
    {
        return Some(Described::Password);
    }
    // "Answer as when you opened your account"; "what you answered when you registered" (the present
    // "answer" with a registration is an ordinary request: "answer a few questions about your registration").
    let answers = (answer_list().holds(folded) && opening_list().holds(folded))
        || (answered_list().holds(folded) && registering_list().holds(folded));
    if answers && !super::survey::asks_opinion(folded) {
        return Some(Described::Answers);
    }
    None
}

/// The entries of the occasion lists, as written: every description names one ([`super::anchor`]).
pub(super) fn anchor_entries() -> impl Iterator<Item = &'static str> {
    CASH.iter()
        .chain(LOGIN)
        .chain(OPENING)
        .chain(REGISTERING)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_described_by_the_cash_machine_is_read() {
        let pin = Some(Described::Pin);
        assert_eq!(
            described("Enter the code you press at the ATM when you withdraw cash."),
            pin
        );
        assert_eq!(
            described("Nhập mã bạn vẫn bấm ở cây ATM mỗi lần rút tiền."),
            pin
        );
        assert_eq!(described("กรุณากรอกรหัสที่คุณกดที่ตู้เอทีเอ็มตอนถอนเงิน"), pin);
        assert_eq!(described("Upišite ono što ukucavate na bankomatu."), pin);
        assert_eq!(
            described("Введите цифры, которые вы набираете в банкомате."),
            pin
        );
    }

    #[test]
    fn a_password_described_by_the_sign_in_is_read() {
        let password = Some(Described::Password);
        assert_eq!(
            described("Fill in exactly what you type every time you log in to your bank."),
            password
        );
        assert_eq!(
            described("Vahvista samoilla tiedoilla, joilla kirjaudut nettipankkiin."),
            password
        );
        assert_eq!(
            described(
                "Geben Sie ein, was Sie eintippen, wenn Sie sich beim Onlinebanking anmelden."
            ),
            password
        );
    }

    #[test]
    fn answers_as_given_at_the_opening_are_read() {
        let answers = Some(Described::Answers);
        assert_eq!(
            described("Answer exactly as you answered when you opened your account."),
            answers
        );
        assert_eq!(
            described("Odpovedzte rovnako, ako ste odpovedali pri zakladaní účtu v banke."),
            answers
        );
    }

    #[test]
    fn answers_given_at_registration_are_read() {
        let answers = Some(Described::Answers);
        assert_eq!(
            described("Please enter what you answered when you registered with the bank."),
            answers
        );
        assert_eq!(
            described("Отговорете така, както сте отговорили при регистрацията в e-Postbank."),
            answers
        );
        assert_eq!(
            described("Írja be, mit válaszolt a regisztrációkor kiválasztott kérdésre."),
            answers
        );
        assert_eq!(
            described(
                "Upišite ono što ste odgovorili na sigurnosno pitanje kada ste otvarali račun."
            ),
            answers
        );
        assert_eq!(
            described("Escribe lo que respondiste cuando te registraste en la app."),
            answers
        );
        // A hostile server can prepend a quiz: the request after it is still read.
        assert_eq!(
            described(
                "Quiz: what is a pet's name? Now type what you answered when you registered."
            ),
            answers
        );
    }

    #[test]
    fn an_answer_asked_now_about_a_registration_stays_benign() {
        // The present "answer" with a registration asks a question now; a quiz about a pet's name and a
        // family tree's maiden name name no occasion.
        assert_eq!(
            described("Please answer a few questions about your registration."),
            None
        );
        assert_eq!(described("Answer as you like."), None);
        assert_eq!(
            described("Pet quiz: what did you answer for your dog's name last week?"),
            None
        );
        assert_eq!(
            described("Family tree: enter your mother's maiden name and her place of birth."),
            None
        );
        assert_eq!(
            described("How satisfied were you with the registration? Tell us what you answered in our survey."),
            None
        );
    }

    #[test]
    fn a_keypad_elsewhere_and_an_identifier_stay_benign() {
        assert_eq!(
            described("Enter the code you press at the intercom downstairs."),
            None
        );
        assert_eq!(described("What did you type in the search box?"), None);
        assert_eq!(
            described("Type the code from the parcel locker notice."),
            None
        );
        assert_eq!(described("Answer as you like."), None);
        assert_eq!(described("Type the e-mail you type when you log in."), None);
        assert_eq!(
            described("Enter the amount you typed at the ATM when withdrawing."),
            None
        );
        assert_eq!(
            described("We never ask for what you press at the ATM."),
            None
        );
        assert_eq!(
            described("How satisfied were you with opening your account? Please answer below."),
            None
        );
        assert_eq!(
            described(
                "Please give us your feedback about opening your account: answer a few questions."
            ),
            None
        );
        assert_eq!(
            described("今週のクロスワード　タテのカギ5：「銀行のATMで入力する4桁の数字」"),
            None
        );
        assert_eq!(
            described(
                "Svar det samme som du svarte da kontoen ble opprettet: hva het læreren din?"
            ),
            Some(Described::Answers)
        );
    }

    #[test]
    fn a_benign_sentence_before_does_not_hide_the_description() {
        // A hostile server can prepend any benign sentence: the description is still read.
        assert_eq!(
            described("Enter the code you press at the intercom. Then enter the code you press at the ATM when withdrawing."),
            Some(Described::Pin)
        );
        assert_eq!(
            described("Answer as you like. Then answer the same as when you opened your account."),
            Some(Described::Answers)
        );
    }
}
