"""A friends table's links as QR codes (web/js/net/friends.js): the code drawn for an invite or
an answer reads back, by the same reader the host's camera uses (the browser's
BarcodeDetector where there is one, else the vendored library's decoder), as the link."""

from __future__ import annotations

from typing import Any

READ_BACK = """async (link) => {
  const friends = await import("/js/net/friends.js");
  const img = await friends.qrImage(link, "QR");
  document.body.append(img);
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = 480; canvas.height = 480;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, 480, 480);
  g.drawImage(img, 40, 40, 400, 400);  // as a camera sees it: smaller, on a margin
  const blank = document.createElement("canvas");
  blank.width = 200; blank.height = 200;
  return { read: await friends.readQR(canvas), blank: await friends.readQR(blank), alt: img.alt,
           native: "BarcodeDetector" in globalThis };
}"""


def test_an_answer_link_reads_back_from_its_qr_code(page: Any, watch: Any) -> None:
    page.goto("/?fast")
    page.wait_for_selector("#lobby-form #start")
    link = page.evaluate("location.origin") + "/#/answer/1.sQMEx8eGGA8DOHGzAO8oLXcMR3uQ47fyFFXQdnuqmT3Ttze-wwSIqFv3RsHAj3AAfo-WpI-G5pNTAQB_AAABt3z0"
    got = page.evaluate(READ_BACK, link)
    assert got["read"] == link, got
    assert got["blank"] == ""  # nothing there: nothing read, no error
    assert got["alt"] == "QR"
    print("reader:", "the browser's BarcodeDetector" if got["native"] else "the library's decoder")
