//! FIDE's rating list, as FIDE publishes it for download: the fixed-width TXT form (the
//! combined list `players_list_foa.txt`, or a list of one rate such as
//! `standard_rating_list.txt`) and the XML form (`players_list_xml_foa.xml`, ...). Players are
//! found by FIDE id or by name.
//!
//! ## Readings
//! - The TXT form's columns are found from its header line, not from fixed positions: each
//!   column runs from where its heading starts to where the next one starts (FIDE's combined
//!   list and its single-rate lists place them differently, and the single-rate lists name
//!   the rating column by the month, `NOV26`).
//! - The rating is the standard rating (`SRtng`, or the single-rate list's month column; in
//!   XML `rating`); 0 or blank is unrated.
//! - A player holding an open title (`Tit`) and a women's title (`WTit`) is given the higher
//!   of the two in the order the 2026 initial ranking uses (GHR 2026 2.2.2: GM, IM, WGM, FM,
//!   WIM, ...): an IM who is also a WGM is an IM, an FM who is also a WGM is a WGM, a WIM who
//!   is also an FM is an FM. Honorary and other
//!   titles (`OTit`: arbiters, trainers) are not player titles.
//! - A line without a FIDE id is refused with its line and column: the list's ids are what
//!   every lookup stands on. A federation, sex or title the program does not know is left
//!   unknown rather than refusing a list of a million players for one odd entry.

use crate::model::player::{Federation, Sex, Title};
use std::io::BufRead;

/// One player of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// FIDE id.
    pub fide_id: u64,
    /// Name as FIDE writes it (`Surname, Given`).
    pub name: String,
    /// Federation.
    pub federation: Option<Federation>,
    /// Sex.
    pub sex: Option<Sex>,
    /// Title.
    pub title: Option<Title>,
    /// Standard rating; `None` when unrated.
    pub rating: Option<u16>,
    /// Year of birth.
    pub birth_year: Option<u16>,
}

/// Why a list could not be read: where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {problem}")]
pub struct ListError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong there.
    pub problem: String,
}

/// A rating list, searchable by FIDE id and by name.
#[derive(Clone, Debug, Default)]
pub struct RatingList {
    /// By FIDE id.
    entries: Vec<Entry>,
    /// Indices into `entries`, by name key.
    by_name: Vec<u32>,
    keys: Vec<String>,
}

/// A name as searches compare it: lower case, words separated by one space, commas and dots
/// dropped ("Carlsen, Magnus" is "carlsen magnus").
fn name_key(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for word in name
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

impl RatingList {
    /// A list of `entries`; of two entries with one id, the first is kept.
    pub fn new(mut entries: Vec<Entry>) -> RatingList {
        entries.sort_by_key(|e| e.fide_id);
        entries.dedup_by_key(|e| e.fide_id);
        let keys: Vec<String> = entries.iter().map(|e| name_key(&e.name)).collect();
        let mut by_name: Vec<u32> = (0..entries.len() as u32).collect();
        by_name.sort_by(|&a, &b| keys[a as usize].cmp(&keys[b as usize]));
        RatingList {
            entries,
            by_name,
            keys,
        }
    }

    /// How many players.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the list has no player.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The player with FIDE id `id`.
    pub fn get(&self, id: u64) -> Option<&Entry> {
        self.entries
            .binary_search_by_key(&id, |e| e.fide_id)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// At most `limit` players for `query`: the player with that FIDE id when it is a number;
    /// otherwise those whose name starts with the query's first word and has each further word
    /// of the query as the start of a later word ("carlsen m" finds "Carlsen, Magnus"), in the
    /// order of their names. Logarithmic in the list, linear in what it walks past.
    pub fn search(&self, query: &str, limit: usize) -> Vec<&Entry> {
        let query = query.trim();
        if !query.is_empty() && query.bytes().all(|b| b.is_ascii_digit()) {
            return query
                .parse()
                .ok()
                .and_then(|id| self.get(id))
                .into_iter()
                .collect();
        }
        let key = name_key(query);
        let mut words = key.split(' ');
        let Some(first) = words.next().filter(|w| !w.is_empty()) else {
            return Vec::new();
        };
        let rest: Vec<&str> = words.collect();
        let start = self
            .by_name
            .partition_point(|&i| self.keys[i as usize].as_str() < first);
        let mut out = Vec::new();
        for &i in &self.by_name[start..] {
            let k = &self.keys[i as usize];
            if !k.starts_with(first) || out.len() == limit {
                break;
            }
            let mut later = k.split(' ').skip(1);
            if rest.iter().all(|w| later.any(|x| x.starts_with(w))) {
                out.push(&self.entries[i as usize]);
            }
        }
        out
    }
}

/// Reads a list in either of FIDE's forms: XML when its first character that is not white
/// space is `<`, else TXT.
pub fn read(mut input: impl BufRead) -> Result<Vec<Entry>, ListError> {
    let xml = loop {
        let buf = input.fill_buf().map_err(|e| io_error(1, &e))?;
        match buf.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(i) => break buf[i] == b'<',
            None if buf.is_empty() => break false,
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    };
    if xml {
        read_xml(input)
    } else {
        read_txt(input)
    }
}

fn io_error(line: usize, e: &std::io::Error) -> ListError {
    ListError {
        line,
        column: 1,
        problem: format!("the file could not be read: {e}"),
    }
}

/// A column of the TXT form: its heading and where it starts.
struct Column {
    name: String,
    start: usize,
}

/// Reads the fixed-width TXT form.
pub fn read_txt(input: impl BufRead) -> Result<Vec<Entry>, ListError> {
    let mut lines = input.split(b'\n').enumerate();
    let header = match lines.next() {
        Some((_, Ok(l))) => String::from_utf8_lossy(&l).trim_end().to_string(),
        Some((_, Err(e))) => return Err(io_error(1, &e)),
        None => String::new(),
    };
    let columns = txt_columns(&header)?;
    let find = |names: &[&str]| -> Option<std::ops::Range<usize>> {
        let i = columns
            .iter()
            .position(|c| names.contains(&c.name.as_str()))?;
        let end = columns.get(i + 1).map_or(usize::MAX, |c| c.start);
        Some(columns[i].start..end)
    };
    let id_col = find(&["ID Number", "ID"]).ok_or_else(|| header_error("ID Number"))?;
    let name_col = find(&["Name"]).ok_or_else(|| header_error("Name"))?;
    let fed_col = find(&["Fed"]);
    let sex_col = find(&["Sex"]);
    let tit_col = find(&["Tit"]);
    let wtit_col = find(&["WTit"]);
    let born_col = find(&["B-day", "Born"]);
    let rating_col = find(&["SRtng"]).or_else(|| {
        let i = columns.iter().position(|c| is_month(&c.name))?;
        let end = columns.get(i + 1).map_or(usize::MAX, |c| c.start);
        Some(columns[i].start..end)
    });
    let mut out = Vec::new();
    for (i, line) in lines {
        let number = i + 1;
        let bytes = line.map_err(|e| io_error(number, &e))?;
        // FIDE's files are Latin-1 in places: a byte that is not UTF-8 is read as Latin-1.
        let text: Vec<char> = match std::str::from_utf8(&bytes) {
            Ok(s) => s.trim_end_matches('\r').chars().collect(),
            Err(_) => bytes
                .iter()
                .map(|&b| b as char)
                .filter(|&c| c != '\r')
                .collect(),
        };
        if text.iter().all(|c| c.is_whitespace()) {
            continue;
        }
        let field = |r: &std::ops::Range<usize>| -> String {
            let end = r.end.min(text.len());
            if r.start >= end {
                return String::new();
            }
            text[r.start..end]
                .iter()
                .collect::<String>()
                .trim()
                .to_string()
        };
        let id_text = field(&id_col);
        let fide_id = id_text.parse::<u64>().map_err(|_| ListError {
            line: number,
            column: id_col.start + 1,
            problem: format!("{id_text:?} is not a FIDE id"),
        })?;
        let title = higher(
            tit_col.as_ref().and_then(|c| Title::parse(&field(c))),
            wtit_col.as_ref().and_then(|c| Title::parse(&field(c))),
        );
        out.push(Entry {
            fide_id,
            name: field(&name_col),
            federation: fed_col.as_ref().and_then(|c| Federation::parse(&field(c))),
            sex: sex_col.as_ref().and_then(|c| sex(&field(c))),
            title,
            rating: rating_col.as_ref().and_then(|c| rating(&field(c))),
            birth_year: born_col.as_ref().and_then(|c| year(&field(c))),
        });
    }
    Ok(out)
}

/// The higher of an open and a women's title (see the module's Readings).
fn higher(open: Option<Title>, women: Option<Title>) -> Option<Title> {
    match (open, women) {
        (Some(a), Some(b)) => Some(
            if Title::ghr_2026_rank(Some(b)) < Title::ghr_2026_rank(Some(a)) {
                b
            } else {
                a
            },
        ),
        (a, b) => a.or(b),
    }
}

fn header_error(column: &str) -> ListError {
    ListError {
        line: 1,
        column: 1,
        problem: format!(
            "the first line is not the heading of a FIDE rating list (no column {column:?})"
        ),
    }
}

/// The headings of the TXT form and where each starts ("ID Number" is one heading).
fn txt_columns(header: &str) -> Result<Vec<Column>, ListError> {
    let chars: Vec<char> = header.chars().collect();
    let mut out: Vec<Column> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() {
            i += 1;
        }
        let word: String = chars[start..i].iter().collect();
        match out.last_mut() {
            Some(last) if last.name == "ID" && word == "Number" => last.name = "ID Number".into(),
            _ => out.push(Column { name: word, start }),
        }
    }
    if out.is_empty() {
        return Err(header_error("ID Number"));
    }
    Ok(out)
}

/// A single-rate list's rating heading: the month, `NOV26`.
fn is_month(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() == 5
        && b[..3].iter().all(u8::is_ascii_uppercase)
        && b[3..].iter().all(u8::is_ascii_digit)
}

fn sex(text: &str) -> Option<Sex> {
    match text {
        "M" | "m" => Some(Sex::Male),
        "F" | "f" | "W" | "w" => Some(Sex::Female),
        _ => None,
    }
}

fn rating(text: &str) -> Option<u16> {
    text.parse::<u16>().ok().filter(|&r| r > 0)
}

fn year(text: &str) -> Option<u16> {
    text.parse::<u16>().ok().filter(|&y| y > 1800)
}

/// A reader that counts the lines it has handed on, so that an XML problem has a line.
struct Counting<R> {
    inner: R,
    line: usize,
    column: usize,
}

impl<R: BufRead> std::io::Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        if let Ok(buf) = self.inner.fill_buf() {
            for &b in &buf[..amt.min(buf.len())] {
                if b == b'\n' {
                    self.line += 1;
                    self.column = 1;
                } else {
                    self.column += 1;
                }
            }
        }
        self.inner.consume(amt);
    }
}

/// Reads the XML form: `<playerslist><player><fideid>...</fideid><name>...</name>
/// <country>...</country><sex>M</sex><title>GM</title><w_title/>...<rating>2830</rating>...
/// <birthday>1990</birthday>...</player>...</playerslist>`.
/// The text is read in the encoding the XML declaration names (FIDE's files have said
/// `ISO-8859-1`), else as UTF-8.
pub fn read_xml(mut input: impl BufRead) -> Result<Vec<Entry>, ListError> {
    use quick_xml::events::Event;
    let head = input.fill_buf().map_err(|e| io_error(1, &e))?;
    let declared = declared_encoding(head);
    let mut decoding = quick_xml::encoding::DecodingReader::new(input);
    if let Some(encoding) = declared {
        // Before the first read, while nothing is decoded yet.
        decoding.set_encoding(encoding);
    }
    let mut reader = quick_xml::Reader::from_reader(Counting {
        inner: decoding,
        line: 1,
        column: 1,
    });
    let mut buf = Vec::new();
    let mut out = Vec::new();
    // The field being read and its text so far (text and entity references arrive apart).
    let mut field: Option<(String, String)> = None;
    let mut current: Option<(Vec<(String, String)>, usize)> = None;
    loop {
        let event = reader.read_event_into(&mut buf);
        let (line, column) = {
            let c = reader.get_ref();
            (c.line, c.column)
        };
        let fail = |problem: String| ListError {
            line,
            column,
            problem,
        };
        match event {
            Err(e) => return Err(fail(format!("not well-formed XML: {e}"))),
            Ok(Event::Eof) => break,
            Ok(Event::Start(e)) => {
                let name = e.local_name().as_ref().to_string();
                if name == "player" {
                    current = Some((Vec::new(), line));
                } else if current.is_some() {
                    field = Some((name, String::new()));
                }
            }
            Ok(Event::Text(t)) => {
                if let Some((_, text)) = field.as_mut() {
                    text.push_str(&t.xml10_content());
                }
            }
            Ok(Event::GeneralRef(r)) => {
                if let Some((_, text)) = field.as_mut() {
                    let name = r.xml10_content();
                    if let Some(c) = r
                        .resolve_char_ref()
                        .map_err(|e| fail(format!("a character reference that is not one: {e}")))?
                    {
                        text.push(c);
                    } else if let Some(s) = quick_xml::escape::resolve_predefined_entity(&name) {
                        text.push_str(s);
                    } else {
                        return Err(fail(format!("the entity &{name}; is not XML's")));
                    }
                }
            }
            Ok(Event::End(e)) => {
                if e.local_name().as_ref() == "player" {
                    if let Some((fields, at)) = current.take() {
                        out.push(xml_entry(&fields, at)?);
                    }
                } else if let (Some((fields, _)), Some((name, text))) =
                    (current.as_mut(), field.take())
                {
                    fields.push((name, text.trim().to_string()));
                }
            }
            Ok(_) => {}
        }
        buf.clear();
    }
    Ok(out)
}

/// The encoding an XML declaration at the start of `head` names, when it is one the reader
/// can decode (one that writes ASCII as ASCII, as the declaration itself must be read).
fn declared_encoding(head: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let head = &head[..head.len().min(512)];
    let text = std::str::from_utf8(head)
        .unwrap_or_else(|e| std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""));
    let decl = text.trim_start_matches('\u{feff}').strip_prefix("<?xml")?;
    let decl = &decl[..decl.find("?>")?];
    let rest = &decl[decl.find("encoding")? + "encoding".len()..];
    let rest = rest.trim_start().strip_prefix('=')?.trim_start();
    let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let value = &rest[1..];
    let label = &value[..value.find(quote)?];
    encoding_rs::Encoding::for_label(label.as_bytes()).filter(|e| e.is_ascii_compatible())
}

fn xml_entry(fields: &[(String, String)], line: usize) -> Result<Entry, ListError> {
    let get = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    };
    let id = get("fideid");
    let fide_id = id.parse::<u64>().map_err(|_| ListError {
        line,
        column: 1,
        problem: format!("the player here has {id:?} as fideid, which is not a FIDE id"),
    })?;
    Ok(Entry {
        fide_id,
        name: get("name").to_string(),
        federation: Federation::parse(get("country")),
        sex: sex(get("sex")),
        title: higher(Title::parse(get("title")), Title::parse(get("w_title"))),
        rating: rating(get("rating")),
        birth_year: year(get("birthday")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heading of FIDE's combined list.
    const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

    /// A line with each value under its heading.
    fn line(values: &[(&str, &str)]) -> String {
        let mut out = vec![' '; HEADER.len() + 4];
        for (heading, value) in values {
            let at = HEADER.find(heading).expect("a heading");
            for (i, c) in value.chars().enumerate() {
                out[at + i] = c;
            }
        }
        out.into_iter().collect::<String>().trim_end().to_string()
    }

    fn txt() -> String {
        [
            HEADER.to_string(),
            line(&[
                ("ID Number", "10000010"),
                ("Name", "Alder, Anna"),
                ("Fed", "GER"),
                ("Sex", "F"),
                ("Tit ", "IM"),
                ("WTit", "WGM"),
                ("SRtng", "2405"),
                ("B-day", "1995"),
                ("Flag", "w"),
            ]),
            line(&[
                ("ID Number", "10000029"),
                ("Name", "Birch, Bert"),
                ("Fed", "NOR"),
                ("Sex", "M"),
                ("Tit ", "FM"),
                ("OTit", "FA"),
                ("SRtng", "2301"),
                ("B-day", "1988"),
            ]),
            line(&[
                ("ID Number", "10000037"),
                ("Name", "Cedar, Carl"),
                ("Fed", "ENG"),
                ("Sex", "M"),
                ("B-day", "2010"),
                ("Flag", "i"),
            ]),
        ]
        .join("\n")
            + "\n"
    }

    #[test]
    fn ghr_2026_2_2_2_the_txt_form_is_read_by_its_headings_with_the_higher_title() {
        let entries = read(txt().as_bytes()).expect("reads");
        assert_eq!(entries.len(), 3);
        let a = &entries[0];
        assert_eq!(a.fide_id, 10000010);
        assert_eq!(a.name, "Alder, Anna");
        assert_eq!(
            a.federation.map(|f| f.as_str().to_string()).as_deref(),
            Some("GER")
        );
        assert_eq!(a.sex, Some(Sex::Female));
        assert_eq!(
            a.title,
            Some(Title::Im),
            "the open title before the women's"
        );
        assert_eq!(a.rating, Some(2405));
        assert_eq!(a.birth_year, Some(1995));
        assert_eq!(
            entries[1].title,
            Some(Title::Fm),
            "FA is an arbiter's title, not a player's"
        );
        assert_eq!(entries[2].rating, None, "unrated");
    }

    #[test]
    fn ghr_2026_2_2_2_the_higher_of_an_open_and_a_womens_title() {
        use Title::*;
        assert_eq!(higher(Some(Im), Some(Wgm)), Some(Im));
        assert_eq!(higher(Some(Fm), Some(Wgm)), Some(Wgm));
        assert_eq!(
            higher(Some(Fm), Some(Wim)),
            Some(Fm),
            "2.2.2 puts the FM first"
        );
        assert_eq!(higher(Some(Cm), Some(Wim)), Some(Wim));
        assert_eq!(higher(None, Some(Wfm)), Some(Wfm));
        assert_eq!(higher(Some(Cm), None), Some(Cm));
    }

    #[test]
    fn a_line_without_an_id_is_refused_with_its_line_and_column() {
        let bad = txt().replace("10000029", "x1000029");
        let e = read(bad.as_bytes()).expect_err("refused");
        assert_eq!((e.line, e.column), (3, 1), "{e}");
        assert!(e.problem.contains("\"x1000029\""), "{e}");
        let e = read("Name Rating\nAlder 2000\n".as_bytes()).expect_err("refused");
        assert!(e.to_string().contains("no column \"ID Number\""), "{e}");
    }

    #[test]
    fn the_xml_form_is_read_and_its_errors_have_a_line() {
        let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<playerslist>\n<player>\n<fideid>10000010</fideid>\n<name>Alder, Anna</name>\n<country>GER</country>\n<sex>F</sex>\n<title>IM</title>\n<w_title>WGM</w_title>\n<o_title></o_title>\n<rating>2405</rating>\n<birthday>1995</birthday>\n</player>\n<player>\n<fideid>10000037</fideid>\n<name>Cedar &amp; Co, Carl</name>\n<country>ENG</country>\n<sex>M</sex>\n<title></title>\n<rating>0</rating>\n</player>\n</playerslist>\n";
        let entries = read(xml.as_bytes()).expect("reads");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].title, Some(Title::Im));
        assert_eq!(entries[0].rating, Some(2405));
        assert_eq!(entries[1].name, "Cedar & Co, Carl");
        assert_eq!(entries[1].rating, None);
        let broken = xml.replace("<fideid>10000037</fideid>", "<fideid>none</fideid>");
        let e = read(broken.as_bytes()).expect_err("refused");
        assert!(e.to_string().starts_with("line 14"), "{e}");
    }

    #[test]
    fn a_latin_1_list_reads_as_it_declares() {
        let mut xml = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<playerslist><player><fideid>1</fideid><name>M".to_vec();
        xml.push(0xFC); // u with diaeresis in Latin-1
        xml.extend_from_slice(b"ller, Hans</name><rating>2000</rating></player></playerslist>");
        let entries = read(&xml[..]).expect("reads");
        assert_eq!(entries[0].name, "M\u{fc}ller, Hans");
        let mut txt = format!("{HEADER}\n").into_bytes();
        txt.extend_from_slice(line(&[("ID Number", "2"), ("Name", "Sch?tz, Eva")]).as_bytes());
        let at = txt.iter().rposition(|&b| b == b'?').expect("a mark");
        txt[at] = 0xFC;
        let entries = read(&txt[..]).expect("reads");
        assert_eq!(entries[0].name, "Sch\u{fc}tz, Eva");
    }

    #[test]
    fn players_are_found_by_id_and_by_the_start_of_their_names() {
        let list = RatingList::new(read(txt().as_bytes()).expect("reads"));
        assert_eq!(
            list.get(10000029).map(|e| e.name.as_str()),
            Some("Birch, Bert")
        );
        assert_eq!(list.search("10000037", 10)[0].name, "Cedar, Carl");
        let names = |q: &str| -> Vec<String> {
            list.search(q, 10).iter().map(|e| e.name.clone()).collect()
        };
        assert_eq!(names("bir"), ["Birch, Bert"]);
        assert_eq!(names("Alder, A"), ["Alder, Anna"]);
        assert_eq!(names("alder b"), Vec::<String>::new());
        assert_eq!(names("c"), ["Cedar, Carl"]);
        assert!(names("").is_empty());
    }
}
