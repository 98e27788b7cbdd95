-- DS2's reorder rule done by the server, as DVD Store's PostgreSQL schema does it with a trigger:
-- an update that leaves a product below 3 in stock restocks it to 250 (2,500 for every 10,000th
-- product) and notes the restock in REORDER. With it, pgbench's script restocks as loadlab does
-- (loadlab restocks from the client, and sees the restocked level here, so it never needs to).
-- Written for loadlab's benchmarks; not derived from DVD Store's code.
SET client_min_messages = warning;
CREATE OR REPLACE FUNCTION bench_restock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  level int;
BEGIN
  IF NEW.quan_in_stock < 3 THEN
    level := CASE WHEN (NEW.prod_id + 1) % 10000 = 0 THEN 2500 ELSE 250 END;
    INSERT INTO reorder (prod_id, date_low, quan_low)
      VALUES (NEW.prod_id, CURRENT_DATE, level - NEW.quan_in_stock);
    NEW.quan_in_stock := level;
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS bench_restock ON inventory;
CREATE TRIGGER bench_restock BEFORE UPDATE ON inventory FOR EACH ROW
  WHEN (OLD.quan_in_stock IS DISTINCT FROM NEW.quan_in_stock) EXECUTE FUNCTION bench_restock();
