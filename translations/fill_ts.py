#!/usr/bin/env python3
"""Fills translations/trainplanner_zh_CN.ts from zh_CN_strings.py after lupdate.

Run after `cmake --build build --target update_translations`. Prints the source texts that still
lack a translation and exits 1 if there are any (tests/i18n checks the same).
"""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

here = Path(__file__).resolve().parent
sys.path.insert(0, str(here))
from zh_CN_strings import ZH  # noqa: E402

ts_path = here / "trainplanner_zh_CN.ts"
tree = ET.parse(ts_path)
missing = []
for message in tree.getroot().iter("message"):
    source = message.findtext("source")
    translation = message.find("translation")
    if source in ZH:
        if message.get("numerus") == "yes":
            # Chinese has one plural form: a single <numerusform> carries it.
            for form in list(translation):
                translation.remove(form)
            translation.text = None
            ET.SubElement(translation, "numerusform").text = ZH[source]
        else:
            translation.text = ZH[source]
        translation.attrib.pop("type", None)
    else:
        missing.append(source)
tree.write(ts_path, encoding="utf-8", xml_declaration=True)
# lupdate writes <!DOCTYPE TS>; ElementTree drops it. Put it back for Qt Linguist.
text = ts_path.read_text(encoding="utf-8")
if "<!DOCTYPE TS>" not in text:
    text = text.replace("?>\n", "?>\n<!DOCTYPE TS>\n", 1)
ts_path.write_text(text, encoding="utf-8")
for m in missing:
    print("untranslated:", m)
sys.exit(1 if missing else 0)
