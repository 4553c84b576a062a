"""The reference tst_textreference checks EpochScope's tokenizer against.

Usage: textreference.py [CASES.json]; the cases are read from standard input when no file is
given, and the results are written to standard output.

Written from the documented behaviour of Keras' TextVectorization (output_mode "int") and
keras.utils.pad_sequences, not from EpochScope's code, and with the standard library only, so
that it runs wherever Debian's python3 does. Texts are bytes throughout: they travel through
JSON as hex, so that invalid UTF-8 reaches the rules as it is.

Input: {"cases": [CASE, ...]}, each CASE
    {"name": str, "texts": [hex, ...],
     "standardize": "lower_and_strip_punctuation" | "lower" | "strip_punctuation" | "none",
     "strip_html": bool, "split": "whitespace" | "character",
     "max_tokens": int (0: no limit), "output_sequence_length": int (0: none),
     "pad_length": int}
The vocabulary is learned from the case's texts, and each of them is then vectorized.

Output: {"cases": [RESULT, ...]} in the same order, each RESULT
    {"name": str, "standardized": [hex, ...], "tokens": [[hex, ...], ...],
     "vocabulary": [hex, ...], "ids": [[int, ...], ...],
     "padded": {"PADDING/TRUNCATING": [[int, ...], ...], ...}}
where "padded" holds pad_sequences(ids without output_sequence_length, pad_length) for each of
the four combinations of "pre" and "post" ("pre/post": padding "pre", truncating "post").

The rules:

- standardize: `lower` is tf.strings.lower with its default encoding, which lowers the ASCII
  letters A-Z and leaves every other byte alone; `strip_punctuation` removes every character of
  Keras' DEFAULT_STRIP_REGEX, the 32 ASCII punctuation characters (the apostrophe included),
  and nothing else: all of them are ASCII, so removing them byte by byte is the same as
  removing them character by character, and a byte of a broken sequence stays.
  `lower_and_strip_punctuation` lowers, then strips. EpochScope's `strip_html` comes first:
  each `<` up to the next `>` becomes one space; a `<` with no `>` after it stays.
- split: `whitespace` is tf.strings.split without a separator, which splits on runs of ASCII
  whitespace (space, tab, LF, vertical tab, form feed, CR) and drops empty tokens; U+00A0,
  U+3000 and the control characters 0x1C-0x1F are not ASCII whitespace and stay inside tokens.
  `character` is tf.strings.unicode_split(text, "UTF-8", errors="replace"): one token per code
  point. Its decoder (ICU's UTF-8 converter) replaces each ill-formed sequence by one U+FFFD,
  taking the longest start of a valid sequence as one ("maximal subpart", the practice the
  Unicode Standard recommends in chapter 3): a cut-short "\\xE2\\x82" before "a" is one U+FFFD,
  an overlong "\\xC0\\xAF" two, a surrogate "\\xED\\xA0\\x80" three. Python's own UTF-8 decoder
  follows the same practice, so it decodes here.
- vocabulary (adapt()): each token's count over all texts; the special tokens "" (padding) and
  "[UNK]" are not learned; the others sorted as IndexLookup sorts them,
  np.lexsort((tokens, counts))[::-1]: lexsort's last key (the count) is the primary one and
  the tokens break ties, both ascending, and the reversal makes it most frequent first and,
  within a count, the token whose bytes sort later first. max_tokens counts "" and "[UNK]",
  which take indices 0 and 1, so it keeps the first max_tokens - 2 learned tokens.
- ids: each token's index, 1 ("[UNK]") when the vocabulary lacks it; output_sequence_length
  keeps the first that many and pads with 0 after them.
- pad_sequences: truncating "pre" drops ids from the start, "post" from the end; padding "pre"
  adds the zeros before the ids, "post" after them.

Fails (exit status 1, a message on stderr) on a case it cannot read.
"""

import json
import string
import sys

# Keras' DEFAULT_STRIP_REGEX is a character class of exactly these (Python's
# string.punctuation); written out so that a change in either would be noticed below.
PUNCTUATION = b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
ASCII_WHITESPACE = b" \t\n\v\f\r"
ASCII_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
PADDING_TOKEN = b""
UNKNOWN_TOKEN = b"[UNK]"
PADDING_ID = 0
UNKNOWN_ID = 1
SEQUENCE_ENDS = ("pre", "post")


def strip_html(text):
    """Each `<` up to the next `>` replaced by a space; a `<` without a `>` kept."""
    result = bytearray()
    position = 0
    while True:
        start = text.find(b"<", position)
        end = text.find(b">", start + 1) if start >= 0 else -1
        if end < 0:
            result += text[position:]
            return bytes(result)
        result += text[position:start] + b" "
        position = end + 1


def standardize(text, mode, html):
    if html:
        text = strip_html(text)
    if mode in ("lower", "lower_and_strip_punctuation"):
        text = text.translate(ASCII_LOWER)
    if mode in ("strip_punctuation", "lower_and_strip_punctuation"):
        text = text.translate(None, PUNCTUATION)
    elif mode not in ("lower", "none"):
        raise ValueError(f"unknown standardize {mode!r}")
    return text


def split_whitespace(text):
    tokens = []
    current = bytearray()
    for byte in text:
        if byte in ASCII_WHITESPACE:
            if current:
                tokens.append(bytes(current))
            current = bytearray()
        else:
            current.append(byte)
    if current:
        tokens.append(bytes(current))
    return tokens


def split_characters(text):
    return [character.encode("utf-8") for character in text.decode("utf-8", errors="replace")]


def split(text, mode):
    if mode == "whitespace":
        return split_whitespace(text)
    if mode == "character":
        return split_characters(text)
    raise ValueError(f"unknown split {mode!r}")


def learn_vocabulary(token_lists, max_tokens):
    counts = {}
    for tokens in token_lists:
        for token in tokens:
            counts[token] = counts.get(token, 0) + 1
    for special in (PADDING_TOKEN, UNKNOWN_TOKEN):
        counts.pop(special, None)
    # np.lexsort((tokens, counts)): ascending by count, then by token; reversed after.
    learned = sorted(counts, key=lambda token: (counts[token], token))
    learned.reverse()
    if max_tokens:
        learned = learned[: max_tokens - 2]
    return [PADDING_TOKEN, UNKNOWN_TOKEN] + learned


def vectorize(tokens, vocabulary, output_sequence_length):
    index = {token: position for position, token in enumerate(vocabulary)}
    ids = [index.get(token, UNKNOWN_ID) for token in tokens]
    if output_sequence_length:
        ids = ids[:output_sequence_length]
        ids += [PADDING_ID] * (output_sequence_length - len(ids))
    return ids


def pad_sequence(ids, length, padding, truncating):
    if len(ids) > length:
        ids = ids[len(ids) - length :] if truncating == "pre" else ids[:length]
    zeros = [PADDING_ID] * (length - len(ids))
    return zeros + ids if padding == "pre" else ids + zeros


def run_case(case):
    texts = [bytes.fromhex(text) for text in case["texts"]]
    standardized = [standardize(text, case["standardize"], case["strip_html"]) for text in texts]
    tokens = [split(text, case["split"]) for text in standardized]
    vocabulary = learn_vocabulary(tokens, case["max_tokens"])
    raw_ids = [vectorize(text_tokens, vocabulary, 0) for text_tokens in tokens]
    padded = {
        f"{padding}/{truncating}": [
            pad_sequence(ids, case["pad_length"], padding, truncating) for ids in raw_ids
        ]
        for padding in SEQUENCE_ENDS
        for truncating in SEQUENCE_ENDS
    }
    return {
        "name": case["name"],
        "standardized": [text.hex() for text in standardized],
        "tokens": [[token.hex() for token in text_tokens] for text_tokens in tokens],
        "vocabulary": [token.hex() for token in vocabulary],
        "ids": [
            vectorize(text_tokens, vocabulary, case["output_sequence_length"])
            for text_tokens in tokens
        ],
        "padded": padded,
    }


def main():
    if PUNCTUATION != string.punctuation.encode("ascii"):
        sys.exit("textreference.py: the punctuation set differs from string.punctuation")
    source = open(sys.argv[1], "rb") if len(sys.argv) > 1 else sys.stdin.buffer
    with source:
        document = json.load(source)
    try:
        results = [run_case(case) for case in document["cases"]]
    except (KeyError, TypeError, ValueError) as error:
        sys.exit(f"textreference.py: bad case: {error!r}")
    json.dump({"cases": results}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
