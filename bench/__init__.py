"""Benchmarks run by `make bench`: medians of repeated timings, printed as a table."""
