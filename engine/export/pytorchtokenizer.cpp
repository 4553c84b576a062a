#include "engine/export/pytorchtokenizer.h"

namespace es {

std::string pythonTokenizerSource()
{
    // Each rule as engine/text/textvectorizer.cpp applies it, on Python's str: the readers
    // accept UTF-8 only, so a text is its code points either way. str.split() and str.lower()
    // would split on Unicode spaces and lower every letter, which Keras' rules do not.
    return R"py(
# The tokenizer EpochScope trained this model with: tokenizer.json, beside this file, holds its
# settings, vocabulary and classes. tokenize() gives exactly the token ids EpochScope gives.

import json
import os
import re

_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
_ASCII_WHITESPACE = re.compile("[ \\t\\n\\x0b\\x0c\\r]+")
_LOWER = {code: code + 32 for code in range(ord("A"), ord("Z") + 1)}
_STRIP = {ord(character): None for character in _PUNCTUATION}
_default_tokenizer = None


def load_tokenizer(path=None):
    """The tokenizer in tokenizer.json (or `path`), with a token-to-id table."""
    if path is None:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tokenizer.json")
    with open(path, encoding="utf-8") as file:
        tokenizer = json.load(file)
    if tokenizer.get("format") != "epochscope-text-tokenizer" or tokenizer.get("version") != 1:
        raise ValueError(path + " is not an EpochScope tokenizer (format 1)")
    tokenizer["ids"] = {token: index for index, token in enumerate(tokenizer["vocabulary"])}
    return tokenizer


def _tokenizer_or_default(tokenizer):
    global _default_tokenizer
    if tokenizer is not None:
        return tokenizer
    if _default_tokenizer is None:
        _default_tokenizer = load_tokenizer()
    return _default_tokenizer


def _without_tags(text):
    """Each tag, from "<" to the next ">", replaced by a space; a "<" with no ">" stays."""
    out = []
    at = 0
    while at < len(text):
        start = text.find("<", at)
        end = -1 if start < 0 else text.find(">", start)
        if end < 0:
            out.append(text[at:])
            break
        out.append(text[at:start])
        out.append(" ")
        at = end + 1
    return "".join(out)


def standardize(text, tokenizer=None):
    """`text` as the tokenizer's standardize setting leaves it (ASCII letters lowered only)."""
    tokenizer = _tokenizer_or_default(tokenizer)
    if tokenizer["strip_html"]:
        text = _without_tags(text)
    mode = tokenizer["standardize"]
    table = {}
    if mode in ("lower", "lower_and_strip_punctuation"):
        table.update(_LOWER)
    if mode in ("strip_punctuation", "lower_and_strip_punctuation"):
        table.update(_STRIP)
    return text.translate(table)


def split(standardized, tokenizer=None):
    """The tokens of a standardized text: runs of ASCII whitespace separate them, or one per
    character."""
    tokenizer = _tokenizer_or_default(tokenizer)
    if tokenizer["split"] == "character":
        return list(standardized)
    return [token for token in _ASCII_WHITESPACE.split(standardized) if token]


def tokenize(text, tokenizer=None):
    """The token ids Model() reads for one text (str, or UTF-8 bytes): standardized, split,
    looked up (1 is [UNK]), then cut or padded with 0 to the trained sequence length at the
    trained ends."""
    tokenizer = _tokenizer_or_default(tokenizer)
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    table = tokenizer["ids"]
    ids = [table.get(token, 1) or 1 for token in split(standardize(text, tokenizer), tokenizer)]
    length = tokenizer["sequence_length"]
    if len(ids) >= length:
        return ids[len(ids) - length:] if tokenizer["truncating"] == "pre" else ids[:length]
    padding = [0] * (length - len(ids))
    return padding + ids if tokenizer["padding"] == "pre" else ids + padding


def tokenize_batch(texts, tokenizer=None):
    """Model()'s input for several texts: a torch.long tensor (texts, sequence length)."""
    return torch.tensor([tokenize(text, tokenizer) for text in texts], dtype=torch.long)


def class_names(tokenizer=None):
    """The classes by the ids the model predicts ([] for numbers as targets)."""
    return list(_tokenizer_or_default(tokenizer)["classes"])
)py";
}

}  // namespace es
