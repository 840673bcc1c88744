#!/usr/bin/env python3
"""TableFlow's scripted backend: the built-in feeds' endpoints on loopback.

Standard library only. Serves, relative to an optional --prefix:

  GET  /v2/book/user/{user}/collections?status=&start=&count=   Douban-shaped book collections
  POST /v2/book/{id}/collection  {"status": "reading"}          move a book to another status
  GET  /v2/book/{id}/reviews?start=&count=                      reviews of one book
  POST /v2/review/{id}/useful                                   count a review as useful
  GET  /api/profile[?variant=full|minimal|bare|nameless]        the profile (seed D)
  GET  /api/photos                                              photos and albums (seed E)
  GET  /api/providers                                           rows of text (seed B)
  POST /api/session   {"username": ..., "password": ...}        sign in (seed C)

All data is generated at start-up from a fixed seed (never from time or run-time randomness),
so every run answers every request with the same bytes.

Users: any name of letters, digits, '.', '_' or '-' has a collection (`pmtao`, the default
user, has 300 books); `empty` has none; `nobody` does not exist (404); `mangled` has one
malformed entry (the third of 想读 has `"title": null`). Passwords for POST /api/session:
pmtao / douban, tom / sawyer.

Moving a book (POST /v2/book/{id}/collection) changes the server's state: the book leaves its
status and becomes the first entry of the new one, so later pages and refreshes show the move.
The answer is the entry, `{"status": ..., "book": {...}}`. To make the move fail, queue a fault
for it: POST /_control/fault {"fault": "status=500", "path_prefix": "/v2/book/ID/collection"}.
POST /v2/review/{id}/useful answers `{"id": ..., "votes": N}`, N counting the vote; reviews
list their `votes`.

Profile variants (query `variant=` or header `X-Profile-Variant:`): `full` (the default, the
sample of profile-server-data.json), `minimal` (no `about` key, no friends), `bare` (only id,
fullName and pictureUrl), `nameless` (the full sample without `fullName`, and its second friend
without a `name`).

Fault injection:
  per request     header `X-Fault: SPEC`
  next N requests POST /_control/fault {"fault": SPEC, "count": N, "path_prefix": "/v2"}
                  POST /_control/reset clears pending faults
  every request   --fault SPEC
where SPEC is `status=500`, `status=404` (any status), `slow=MS`, `malformed` (200 with broken
JSON) or `drop` (close the connection without answering); several may be joined with commas,
e.g. `slow=200,status=500`.

The first line on stdout is `listening on http://127.0.0.1:PORT`; logs go to stderr. The server
exits on SIGTERM or SIGINT.
"""

import argparse
import json
import re
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

SEED = 20261130
DEFAULT_USER = "pmtao"
MAX_COUNT = 100
DEFAULT_COUNT = 20


# --------------------------------------------------------------------------------------------
# Deterministic generator (SplitMix64): independent of Python's `random` across versions.


class Rng:
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def between(self, lo, hi):
        return lo + self.below(hi - lo + 1)

    def pick(self, items):
        return items[self.below(len(items))]

    def chance(self, percent):
        return self.below(100) < percent


def stable_hash(text):
    """FNV-1a, 64 bits: a seed per user name that does not depend on PYTHONHASHSEED."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h ^= byte
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


# --------------------------------------------------------------------------------------------
# Word pools.

ZH_TITLE_HEADS = [
    "夜航", "长河", "群山", "白鲸", "北方", "旧城", "雾中", "沉默", "远方", "春日", "海边", "星辰",
    "纸上", "人间", "山河", "故园", "时间", "镜中", "荒原", "灯塔", "南渡", "苍穹", "江湖", "雪国",
]
ZH_TITLE_TAILS = [
    "的回声", "笔记", "往事", "之书", "的孩子", "简史", "漫游记", "的秘密", "三部曲", "来信",
    "的灯火", "手记", "之歌", "考", "的午后", "十讲", "散步", "",
]
EN_TITLE_ADJ = [
    "Silent", "Invisible", "Last", "Quiet", "Broken", "Hidden", "Distant", "Burning", "Gentle",
    "Restless", "Pale", "Infinite", "Little", "Strange",
]
EN_TITLE_NOUN = [
    "Garden", "Cities", "River", "Machine", "Archive", "Orchard", "Lighthouse", "Algorithm",
    "Harbour", "Winter", "Theorem", "Library", "Compass", "Atlas",
]
EN_TITLE_FORMS = ["The {a} {n}", "{a} {n}s", "A {a} {n}", "The {n} of {a} Things", "{n}"]
ZH_SURNAMES = ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "周", "吴", "徐", "孙", "马", "胡", "林", "郭"]
ZH_GIVEN = ["小波", "华", "秋雨", "慈欣", "一", "晓明", "静", "宏", "子衿", "安忆", "立", "海燕", "思远", "毅"]
EN_FIRST = ["Italo", "Ursula", "Donald", "Haruki", "Ted", "Margaret", "Kazuo", "Jorge Luis", "Mary", "Yuval"]
EN_LAST = ["Calvino", "Le Guin", "Knuth", "Murakami", "Chiang", "Atwood", "Ishiguro", "Borges", "Beard", "Harari"]
PUBLISHERS = [
    "人民文学出版社", "上海译文出版社", "南海出版公司", "中信出版社", "三联书店", "译林出版社",
    "机械工业出版社", "北京十月文艺出版社", "O'Reilly Media", "Penguin Books", "Vintage", "MIT Press", "",
]
SUMMARY_ZH = [
    "这是一本关于记忆与遗忘的小说。", "作者以克制的笔调写下一个家族三代人的命运。",
    "书中收录了十二篇随笔，谈阅读、旅行与城市。", "一部关于科学如何改变日常生活的通俗读物。",
    "故事发生在一座被大雾笼罩的港口小城。", "从一封迟到四十年的信开始，往事一点点浮出水面。",
    "译文流畅，注释详尽，适合初次接触的读者。",
]
SUMMARY_EN = [
    "A novel about memory and the places that keep it.",
    "Essays on reading, walking and the cities in between.",
    "An accessible history of how ideas travel.",
    "Stories set in a harbour town where the fog never lifts.",
    "A practical guide, with worked examples and exercises.",
]
TAGS = ["小说", "文学", "历史", "科幻", "随笔", "编程", "哲学", "日本", "推理", "经典", "science", "design"]
REVIEW_TITLES = [
    "读完久久不能平静", "比想象中好", "翻译有些问题", "值得一读再读", "写给所有迷路的人", "一般，略失望",
    "A quiet masterpiece", "Not for everyone", "Worth the second read", "关于结尾的一点想法 🤔",
]
STATUSES = ["wish", "reading", "read"]
STATUS_SHARE = {"wish": 90, "reading": 45, "read": 165}


def isbn13(rng):
    digits = [9, 7, 8, rng.pick([7, 0, 1])] + [rng.below(10) for _ in range(8)]
    total = sum(d * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits))
    digits.append((10 - total % 10) % 10)
    return "".join(str(d) for d in digits)


def make_title(rng):
    if rng.chance(60):
        return rng.pick(ZH_TITLE_HEADS) + rng.pick(ZH_TITLE_TAILS)
    form = rng.pick(EN_TITLE_FORMS)
    return form.format(a=rng.pick(EN_TITLE_ADJ), n=rng.pick(EN_TITLE_NOUN))


def make_author(rng, chinese):
    if chinese:
        return rng.pick(ZH_SURNAMES) + rng.pick(ZH_GIVEN)
    return rng.pick(EN_FIRST) + " " + rng.pick(EN_LAST)


def make_book(rng, number, salt):
    book_id = str(1000000 + salt * 10000 + number)
    title = make_title(rng)
    chinese = any("\u4e00" <= ch <= "\u9fff" for ch in title)
    author_count = 0 if rng.chance(3) else (2 if rng.chance(15) else 1)
    authors = [make_author(rng, chinese or rng.chance(30)) for _ in range(author_count)]
    if authors and not chinese and rng.chance(20):
        authors[0] = "[" + rng.pick(["美", "英", "日", "意"]) + "] " + authors[0]
    summary_pool = SUMMARY_ZH if chinese else SUMMARY_EN
    first = rng.below(len(summary_pool))
    sentences = [summary_pool[(first + step) % len(summary_pool)] for step in range(rng.between(1, 3))]
    summary = ("" if chinese else " ").join(sentences)
    if rng.chance(4):
        summary += "\n\n" + rng.pick(["📚 推荐！", "★★★★☆", "Ça vaut le détour — naïve café."])
    if rng.chance(2):
        summary = ""
    raters = 0 if rng.chance(5) else rng.between(10, 250000)
    average = "0.0" if raters == 0 else "%d.%d" % (rng.between(5, 9), rng.below(10))
    year = rng.between(1978, 2025)
    pubdate = rng.pick([str(year), "%d-%d" % (year, rng.between(1, 12)),
                        "%d-%d-%d" % (year, rng.between(1, 12), rng.between(1, 28))])
    if chinese or rng.chance(50):
        price = "%d.%02d元" % (rng.between(18, 128), rng.pick([0, 0, 0, 50, 80, 90]))
    else:
        price = "USD %d.%02d" % (rng.between(8, 60), rng.pick([0, 95, 99]))
    if rng.chance(3):
        price = ""
    book = {
        "id": book_id,
        "title": title,
        "subtitle": rng.pick(["", "", "", "修订版", "A Novel", "增订本"]),
        "author": authors,
        "translator": [make_author(rng, True)] if not chinese and rng.chance(40) else [],
        "publisher": rng.pick(PUBLISHERS),
        "pubdate": pubdate,
        "price": price,
        "pages": str(rng.between(96, 880)),
        "binding": rng.pick(["平装", "精装", "Paperback", "Hardcover"]),
        "summary": summary,
        "rating": {"max": 10, "numRaters": raters, "average": average, "min": 0},
        "tags": [{"count": rng.between(1, 5000), "name": rng.pick(TAGS)} for _ in range(rng.between(0, 3))],
        "image": "https://img.example.org/s%s.jpg" % book_id,
        "alt": "https://book.douban.com/subject/%s/" % book_id,
        "url": "https://api.douban.com/v2/book/%s" % book_id,
    }
    # About one book in eleven has no ISBN at all (old or self-published editions).
    if not rng.chance(9):
        code = isbn13(rng)
        check = (11 - sum((10 - i) * int(d) for i, d in enumerate(code[3:12])) % 11) % 11
        book["isbn10"] = code[3:12] + ("X" if check == 10 else str(check))
        book["isbn13"] = code
    return book


def make_collections(user):
    """Every status's collection for `user`, in the order the API returns them."""
    if user == "empty":
        return {status: [] for status in STATUSES}
    rng = Rng(SEED ^ stable_hash(user))
    scale = 1 if user == DEFAULT_USER else 0.2
    # Ids are unique within a user; other users' ids differ from pmtao's (salt 0).
    salt = 0 if user == DEFAULT_USER else 1 + stable_hash(user) % 998
    result = {}
    number = 0
    for status in STATUSES:
        items = []
        for index in range(max(1, int(STATUS_SHARE[status] * scale))):
            number += 1
            book = make_book(rng, number, salt)
            items.append({
                "status": status,
                "updated": "20%02d-%02d-%02d %02d:%02d:%02d" % (
                    rng.between(12, 26), rng.between(1, 12), rng.between(1, 28),
                    rng.between(0, 23), rng.between(0, 59), rng.between(0, 59)),
                "user_id": str(stable_hash(user) % 100000000),
                "book_id": book["id"],
                "book": book,
            })
        result[status] = items
    # The real API occasionally lists one book twice; keep that quirk so clients handle it.
    read = result["read"]
    if len(read) > 12:
        read.insert(12, dict(read[3]))
    if user == "mangled" and len(result["wish"]) > 2:
        broken = json.loads(json.dumps(result["wish"][2]))
        broken["book"]["title"] = None
        result["wish"][2] = broken
    return result


def make_reviews(book):
    rng = Rng(SEED ^ stable_hash("reviews:" + book["id"]))
    reviews = []
    for index in range(rng.below(8)):
        review_id = str(9000000 + stable_hash(book["id"] + ":%d" % index) % 1000000)
        reviews.append({
            "id": review_id,
            "title": rng.pick(REVIEW_TITLES),
            "alt": "https://book.douban.com/review/%s/" % review_id,
            "rating": {"max": 5, "value": str(rng.between(1, 5)), "min": 0},
            "author": {"name": make_author(rng, rng.chance(70))},
            "summary": rng.pick(SUMMARY_ZH + SUMMARY_EN),
            "votes": rng.below(2000),
        })
    return reviews


PROFILE_FULL = {
    "data": {
        "id": 1,
        "fullName": "Tom Sawyer",
        "pictureUrl": "tom",
        "email": "tomSawyer@gmail.com",
        "about": "I like travelling along Missisipi!",
        "friends": [
            {"name": "Huckleberry Finn", "pictureUrl": "finn"},
            {"name": "Becky Thatcher", "pictureUrl": "becky"},
            {"name": "Celeste Holm", "pictureUrl": "holm"},
        ],
        "profileAttributes": [
            {"key": "Date of birth", "value": "November 30, 1835"},
            {"key": "Gender", "value": "male"},
            {"key": "Height", "value": "180"},
        ],
    },
    "error": 0,
    "message": "Success",
}


def make_profile(variant):
    data = json.loads(json.dumps(PROFILE_FULL))
    if variant == "nameless":
        del data["data"]["fullName"]
        del data["data"]["friends"][1]["name"]
    elif variant == "minimal":
        del data["data"]["about"]
        data["data"]["friends"] = []
    elif variant == "bare":
        data["data"] = {key: data["data"][key] for key in ("id", "fullName", "pictureUrl")}
    return data


def make_photos():
    rng = Rng(SEED ^ stable_hash("photos"))
    places = ["西湖", "Lisbon", "鼓浪屿", "Kyoto", "长城", "Reykjavík", "洱海", "Patagonia", "黄山", "Marrakech"]
    photos = []
    for index in range(14):
        place = places[index % len(places)]
        photos.append({
            "id": "p%03d" % (index + 1),
            "name": "IMG_%04d.jpg" % rng.between(1000, 9999),
            "title": place + rng.pick(["", " at dusk", "的清晨", " 🌅", " (panorama)"]),
            "url": "https://img.example.org/photos/p%03d.jpg" % (index + 1),
            "width": rng.pick([4032, 3024, 1920]),
            "height": rng.pick([3024, 4032, 1080]),
        })
    albums = []
    for index, name in enumerate(["旅行 2025", "Family", "猫 🐱", "Screenshots", "Film scans"]):
        count = rng.between(3, 240)
        albums.append({
            "id": "a%02d" % (index + 1),
            "name": name,
            "title": "%d photos" % count,
            "photoCount": count,
            "coverUrl": "https://img.example.org/albums/a%02d.jpg" % (index + 1),
        })
    return {"photos": photos, "albums": albums}


PROVIDER_TEXTS = [
    "短文本。",
    "我是一段很长的文字，用来演示单元格的高度由模型计算：标题之下的正文会折成好几行，"
    "高度等于上边距 40 加上正文的高度再加下边距 21，在主线程之外算好，一次缓存，滚动时不再计算。"
    "A long text wraps too, whatever its script: the provider measures it once.",
    "Two lines of text, perhaps, on a narrow screen: the provider knows before the cell does.",
]


def make_providers():
    return {"providers": [{"title": "我是标题", "text": text} for text in PROVIDER_TEXTS]}


PASSWORDS = {"pmtao": "douban", "tom": "sawyer"}
USER_NAMES = {"pmtao": "陶先生", "tom": "Tom Sawyer"}
USER_PATTERN = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


# --------------------------------------------------------------------------------------------
# Faults.


def parse_fault(spec):
    """`status=500,slow=200` → {"status": 500, "slow": 200}; raises ValueError when invalid."""
    fault = {}
    for part in (spec or "").split(","):
        part = part.strip()
        if not part:
            continue
        if part in ("malformed", "drop"):
            fault[part] = True
            continue
        name, _, value = part.partition("=")
        if name == "status" and value.isdigit() and 100 <= int(value) <= 599:
            fault["status"] = int(value)
        elif name == "slow" and value.isdigit():
            fault["slow"] = int(value)
        else:
            raise ValueError("unknown fault %r (expected status=N, slow=MS, malformed or drop)" % part)
    return fault


class FaultBoard:
    """Faults queued through /_control/fault, consumed by matching requests."""

    def __init__(self):
        self.lock = threading.Lock()
        self.pending = []  # [fault, remaining count, path prefix]

    def add(self, fault, count, prefix):
        with self.lock:
            self.pending.append([fault, count, prefix])

    def reset(self):
        with self.lock:
            self.pending.clear()

    def take(self, paths):
        with self.lock:
            for entry in self.pending:
                fault, remaining, prefix = entry
                if remaining > 0 and any(p.startswith(prefix) for p in paths):
                    entry[1] -= 1
                    if entry[1] == 0:
                        self.pending.remove(entry)
                    return fault
        return {}


# --------------------------------------------------------------------------------------------
# HTTP.


class ApiError(Exception):
    def __init__(self, status, body):
        super().__init__(status)
        self.status = status
        self.body = body


class Backend:
    def __init__(self, prefix, global_fault):
        self.prefix = prefix
        self.global_fault = global_fault
        self.faults = FaultBoard()
        self.collections = {}
        self.books = {}
        self.lock = threading.Lock()
        self.photos = make_photos()
        self.owners = {}
        self.review_books = {}
        self.extra_votes = {}
        self.collections_for(DEFAULT_USER)

    def collections_for(self, user):
        with self.lock:
            if user not in self.collections:
                collections = make_collections(user)
                self.collections[user] = collections
                for items in collections.values():
                    for item in items:
                        self.books.setdefault(item["book"]["id"], item["book"])
                        self.owners.setdefault(item["book"]["id"], user)
            return self.collections[user]

    def move(self, book_id, status):
        """Moves a book to the front of `status` in its owner's collection; the new entry."""
        with self.lock:
            user = self.owners.get(book_id)
            if user is None:
                return None
            by_status = self.collections[user]
            entry = None
            for name in STATUSES:
                kept = []
                for item in by_status[name]:
                    if item["book"]["id"] == book_id:
                        entry = entry or item
                    else:
                        kept.append(item)
                by_status[name] = kept
            moved = dict(entry, status=status)
            by_status[status].insert(0, moved)
            return moved

    def reviews_for(self, book):
        reviews = make_reviews(book)
        with self.lock:
            for review in reviews:
                self.review_books[review["id"]] = book["id"]
                review["votes"] += self.extra_votes.get(review["id"], 0)
        return reviews

    def vote(self, review_id):
        """Counts one more useful vote; the review's votes, or None for an unknown review."""
        with self.lock:
            book_id = self.review_books.get(review_id)
            if book_id is None:
                return None
            self.extra_votes[review_id] = self.extra_votes.get(review_id, 0) + 1
            book = self.books[book_id]
        votes = [r["votes"] for r in make_reviews(book) if r["id"] == review_id]
        with self.lock:
            return votes[0] + self.extra_votes[review_id]

    def book(self, book_id):
        with self.lock:
            return self.books.get(book_id)


def int_param(query, name, default, maximum=None):
    values = query.get(name)
    if not values or values[0] == "":
        return default
    value = values[0]
    if not re.fullmatch(r"\d{1,9}", value):
        raise ApiError(400, {"msg": "invalid_parameter", "code": 999, "request": name + "=" + value})
    number = int(value)
    return min(number, maximum) if maximum is not None else number


def page(items, query):
    start = int_param(query, "start", 0)
    count = int_param(query, "count", DEFAULT_COUNT, MAX_COUNT)
    return start, count, items[start:start + count]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "TableFlowAPI/1"
    # TCP_NODELAY: the handler writes the headers and the body separately; with Nagle's
    # algorithm every answer after the first on a kept-open connection waited for the client's
    # delayed ACK (about 40 ms), so recorded latencies measured that, not the backend.
    disable_nagle_algorithm = True

    # Routing ---------------------------------------------------------------------------

    def route(self, method, path, query, body):
        backend = self.server.backend
        if method == "POST" and path == "/_control/fault":
            return self.control_fault(body)
        if method == "POST" and path == "/_control/reset":
            backend.faults.reset()
            return 200, {"ok": True}
        match = re.fullmatch(r"/v2/book/user/([^/]+)/collections", path)
        if match:
            self.require(method, "GET")
            return 200, self.collections(match.group(1), query)
        match = re.fullmatch(r"/v2/book/([^/]+)/reviews", path)
        if match:
            self.require(method, "GET")
            return 200, self.reviews(match.group(1), query)
        match = re.fullmatch(r"/v2/book/([^/]+)/collection", path)
        if match:
            self.require(method, "POST")
            return 200, self.move(match.group(1), body)
        match = re.fullmatch(r"/v2/review/([^/]+)/useful", path)
        if match:
            self.require(method, "POST")
            votes = backend.vote(match.group(1))
            if votes is None:
                raise ApiError(404, {"msg": "review_not_found", "code": 6001, "request": match.group(1)})
            return 200, {"id": match.group(1), "votes": votes}
        if path == "/api/providers":
            self.require(method, "GET")
            return 200, make_providers()
        if path == "/api/profile":
            self.require(method, "GET")
            variant = (query.get("variant") or [self.headers.get("X-Profile-Variant") or "full"])[0]
            if variant not in ("full", "minimal", "bare", "nameless"):
                raise ApiError(400, {"data": None, "error": 400, "message": "unknown variant " + variant})
            return 200, make_profile(variant)
        if path == "/api/photos":
            self.require(method, "GET")
            return 200, backend.photos
        if path == "/api/session":
            self.require(method, "POST")
            return self.session(body)
        raise ApiError(404, {"msg": "uri_not_found", "code": 1001, "request": method + " " + path})

    def require(self, method, expected):
        if method != expected:
            raise ApiError(405, {"msg": "method_not_allowed", "code": 1002, "request": method})

    def collections(self, user, query):
        if not USER_PATTERN.match(user) or user == "nobody":
            raise ApiError(404, {"msg": "user_not_found", "code": 1000, "request": user})
        status = (query.get("status") or [""])[0]
        if status not in ("", *STATUSES):
            raise ApiError(400, {"msg": "invalid_status", "code": 999, "request": "status=" + status})
        by_status = self.server.backend.collections_for(user)
        items = [item for s in STATUSES if status in ("", s) for item in by_status[s]]
        start, count, chosen = page(items, query)
        return {"count": len(chosen), "start": start, "total": len(items), "collections": chosen}

    def reviews(self, book_id, query):
        book = self.server.backend.book(book_id)
        if book is None:
            raise ApiError(404, {"msg": "book_not_found", "code": 6000, "request": book_id})
        reviews = self.server.backend.reviews_for(book)
        start, count, chosen = page(reviews, query)
        return {"count": len(chosen), "start": start, "total": len(reviews), "reviews": chosen}

    def move(self, book_id, body):
        try:
            payload = json.loads(body.decode("utf-8")) if body else None
        except (UnicodeDecodeError, ValueError):
            payload = None
        if not isinstance(payload, dict) or payload.get("status") not in STATUSES:
            raise ApiError(400, {"msg": "invalid_status", "code": 999,
                                 "request": "expected a JSON object with status wish, reading or read"})
        moved = self.server.backend.move(book_id, payload["status"])
        if moved is None:
            raise ApiError(404, {"msg": "book_not_found", "code": 6000, "request": book_id})
        return {"status": moved["status"], "book": moved["book"]}

    def session(self, body):
        try:
            payload = json.loads(body.decode("utf-8")) if body else None
        except (UnicodeDecodeError, ValueError):
            payload = None
        if not isinstance(payload, dict) or not isinstance(payload.get("username"), str) \
                or not isinstance(payload.get("password"), str):
            raise ApiError(400, {"data": None, "error": 400,
                                 "message": "expected a JSON object with username and password"})
        username, password = payload["username"].strip(), payload["password"]
        if not username:
            return 200, {"data": None, "error": 2, "message": "Please enter your user name"}
        if not password:
            return 200, {"data": None, "error": 3, "message": "Please enter your password"}
        if username not in PASSWORDS:
            return 200, {"data": None, "error": 4, "message": "No account named " + username}
        if PASSWORDS[username] != password:
            return 200, {"data": None, "error": 1, "message": "Wrong password for " + username}
        return 200, {"data": {"id": stable_hash(username) % 100000, "username": username,
                              "fullName": USER_NAMES[username]},
                     "error": 0, "message": "Welcome back, " + USER_NAMES[username]}

    def control_fault(self, body):
        try:
            payload = json.loads(body.decode("utf-8"))
            fault = parse_fault(payload["fault"])
            count = int(payload.get("count", 1))
            prefix = str(payload.get("path_prefix", "/"))
        except (UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
            raise ApiError(400, {"ok": False, "message": "bad fault request: %s" % error})
        self.server.backend.faults.add(fault, count, prefix)
        return 200, {"ok": True}

    # Plumbing --------------------------------------------------------------------------

    def handle_any(self, method):
        backend = self.server.backend
        parts = urlsplit(self.path)
        full_path = parts.path
        query = parse_qs(parts.query, keep_blank_values=True)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""

        path = full_path
        inside = True
        if backend.prefix:
            if full_path == backend.prefix or full_path.startswith(backend.prefix + "/"):
                path = full_path[len(backend.prefix):] or "/"
            elif not full_path.startswith("/_control/"):
                inside = False

        fault = {}
        if not path.startswith("/_control/"):
            try:
                fault = dict(backend.global_fault)
                fault.update(parse_fault(self.headers.get("X-Fault")))
            except ValueError as error:
                self.send_json(400, {"ok": False, "message": str(error)})
                return
            fault.update(backend.faults.take((path, full_path)))

        if "slow" in fault:
            time.sleep(fault["slow"] / 1000.0)
        if fault.get("drop"):
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return
        if "status" in fault:
            self.send_json(fault["status"], {"msg": "injected_fault", "code": fault["status"],
                                             "request": method + " " + path})
            return

        try:
            if not inside:
                raise ApiError(404, {"msg": "uri_not_found", "code": 1001, "request": method + " " + full_path})
            status, payload = self.route(method, path, query, body)
        except ApiError as error:
            status, payload = error.status, error.body
        if fault.get("malformed"):
            # Cut the document in half: valid UTF-8, invalid JSON.
            text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
            self.send_text(200, text[: max(1, len(text) // 2)])
            return
        self.send_json(status, payload)

    def send_json(self, status, payload):
        self.send_text(status, json.dumps(payload, ensure_ascii=False, separators=(",", ":")))

    def send_text(self, status, text):
        data = text.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")

    def do_DELETE(self):
        self.handle_any("DELETE")

    def log_message(self, format, *args):
        sys.stderr.write("api-server: %s\n" % (format % args))


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser(description="TableFlow's scripted backend on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8080, help="port to listen on; 0 picks a free one")
    parser.add_argument("--prefix", default="", help="serve every endpoint under this path, e.g. /v1")
    parser.add_argument("--fault", default="", help="apply this fault SPEC to every request")
    args = parser.parse_args()
    prefix = args.prefix.rstrip("/")
    if prefix and not prefix.startswith("/"):
        prefix = "/" + prefix
    try:
        global_fault = parse_fault(args.fault)
    except ValueError as error:
        parser.error(str(error))

    server = Server(("127.0.0.1", args.port), Handler)
    server.backend = Backend(prefix, global_fault)

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent may start us with these signals blocked (Foundation's Process on Linux passes its
    # thread's mask on); unblock them so SIGTERM always stops the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    sys.stdout.write("listening on http://127.0.0.1:%d\n" % server.server_address[1])
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
