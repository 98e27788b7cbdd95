package io.loadlab.core.ds2.schema;

import java.util.List;

/** DS2's tables and the columns the generator fills, in load order. */
public enum Ds2Table {
  CATEGORIES("categories", List.of("category", "categoryname")),
  CUSTOMERS(
      "customers",
      List.of(
          "customerid",
          "firstname",
          "lastname",
          "address1",
          "address2",
          "city",
          "state",
          "zip",
          "country",
          "region",
          "email",
          "phone",
          "creditcardtype",
          "creditcard",
          "creditcardexpiration",
          "username",
          "password",
          "age",
          "income",
          "gender")),
  PRODUCTS(
      "products",
      List.of("prod_id", "category", "title", "actor", "price", "special", "common_prod_id")),
  ORDERS(
      "orders", List.of("orderid", "orderdate", "customerid", "netamount", "tax", "totalamount")),
  ORDERLINES("orderlines", List.of("orderlineid", "orderid", "prod_id", "quantity", "orderdate")),
  CUST_HIST("cust_hist", List.of("customerid", "orderid", "prod_id")),
  INVENTORY("inventory", List.of("prod_id", "quan_in_stock", "sales")),
  REORDER(
      "reorder",
      List.of(
          "prod_id", "date_low", "quan_low", "date_reordered", "quan_reordered", "date_expected"));

  private final String sqlName;
  private final List<String> columns;

  Ds2Table(String sqlName, List<String> columns) {
    this.sqlName = sqlName;
    this.columns = columns;
  }

  /** The table's name in SQL (DS2's name, lower case). */
  public String sqlName() {
    return sqlName;
  }

  /** The table's name as DVD Store spells it in {@code dialect}. */
  public String sqlName(io.loadlab.core.database.SqlDialect dialect) {
    return Ds2Sql.of(dialect, sqlName);
  }

  /** The columns, in the order the generator writes them. */
  public List<String> columns() {
    return columns;
  }
}
