-- Word tables for ds2-order.pgbench: the actor first and last names and title words found in
-- the loaded products, numbered from 1.
DROP TABLE IF EXISTS bench_first, bench_last, bench_title;
CREATE TABLE bench_first AS SELECT row_number() OVER (ORDER BY w)::int AS id, w FROM (SELECT DISTINCT split_part(actor, ' ', 1) AS w FROM products) x;
CREATE TABLE bench_last AS SELECT row_number() OVER (ORDER BY w)::int AS id, w FROM (SELECT DISTINCT split_part(actor, ' ', 2) AS w FROM products) x;
CREATE TABLE bench_title AS SELECT row_number() OVER (ORDER BY w)::int AS id, w FROM (SELECT DISTINCT split_part(title, ' ', 1) AS w FROM products UNION SELECT DISTINCT split_part(title, ' ', 2) FROM products) x;
CREATE UNIQUE INDEX ON bench_first (id);
CREATE UNIQUE INDEX ON bench_last (id);
CREATE UNIQUE INDEX ON bench_title (id);
ANALYZE bench_first, bench_last, bench_title;
