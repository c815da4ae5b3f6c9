// Longest accepted value of each free-text field of the API (characters, after trimming). Plain numbers so the web's
// inputs can use them (maxLength) without zod. Every text field of a request schema has a cap: without one a single
// request could store or grade megabytes (issue 18: 837k characters confirmed, 900k-character names).

/**
 * An essay's text: 8 pages (MAX_PAGES) of the densest writing a photographed page holds. A 方格 page has 400–500
 * squares; a lined A4 page of adult English handwriting ≈ 350 words ≈ 2,000 characters. 8 × 2,000 = 16,000, with a
 * margin for OCR noise and the teacher's edits: 20,000. The longest essay in the datasets (ASAP, 高考 samples) is
 * under 6,500 characters.
 */
export const ESSAY_MAX_CHARS = 20_000;
/** A topic or task statement (a 高考 prompt with its material fits in 2,000). */
export const TOPIC_MAX_CHARS = 2_000;
/** A person's name (students, teachers): the longest Chinese names are a few characters, Latin ones rarely 40. */
export const PERSON_NAME_MAX_CHARS = 50;
/** A school's, a class's or an assignment title's name. */
export const LABEL_MAX_CHARS = 100;
/** A student number or another short identifier typed by a teacher. */
export const SHORT_ID_MAX_CHARS = 30;
/** A password: long passphrases welcome; scrypt's cost does not grow with it, the cap only bounds the request. */
export const PASSWORD_MAX_CHARS = 128;
/** Codes, language tags, ids sent back by the client (uuids are 36). */
export const TOKEN_MAX_CHARS = 64;
/** A URL the client may send (the spec's `originalImageUrl`). */
export const URL_MAX_CHARS = 2_000;
