package io.loadlab.jmeter.ds2;

import io.loadlab.core.ds2.Ds2BrowseResult;
import io.loadlab.jmeter.TimedResult;
import java.util.Locale;

/**
 * DS2 Browse sampler: one product search by category, actor or title (or a random one of the three,
 * as a DS2 session does). A blank search value picks a random category, actor or title words from
 * those of the database's products (sampled when the first connection opens).
 */
public class Ds2BrowseSampler extends Ds2SamplerBase {
  private static final long serialVersionUID = 1L;

  private String browseBy = "random";
  private String searchValue = "";
  private int batchSize = 5;

  @Override
  protected void sample(TimedResult result) throws Exception {
    if (batchSize < 1) {
      throw new IllegalArgumentException(
          "batchSize: " + batchSize + " is too small; use 1 or more");
    }
    String by = browseBy == null ? "random" : browseBy.strip().toLowerCase(Locale.ROOT);
    String value = searchValue == null ? "" : searchValue.strip();
    withConnection(
        result,
        (tx, size, rng) -> {
          String kind =
              by.equals("random")
                  ? new String[] {"category", "actor", "title"}[rng.nextInt(3)]
                  : by;
          Ds2BrowseResult r =
              switch (kind) {
                case "category" ->
                    tx.browseByCategory(
                        value.isEmpty() ? searchTerms().category(rng) : Integer.parseInt(value),
                        batchSize);
                case "actor" ->
                    tx.browseByActor(value.isEmpty() ? searchTerms().actor(rng) : value, batchSize);
                case "title" ->
                    tx.browseByTitle(value.isEmpty() ? searchTerms().title(rng) : value, batchSize);
                default ->
                    throw new IllegalArgumentException(
                        "browseBy: '" + by + "' is not one of random, category, actor, title");
              };
          return kind + ": " + r.rows() + " rows";
        });
  }

  public String getBrowseBy() {
    return browseBy;
  }

  public void setBrowseBy(String browseBy) {
    this.browseBy = browseBy;
  }

  public String getSearchValue() {
    return searchValue;
  }

  public void setSearchValue(String searchValue) {
    this.searchValue = searchValue;
  }

  public int getBatchSize() {
    return batchSize;
  }

  public void setBatchSize(int batchSize) {
    this.batchSize = batchSize;
  }
}
