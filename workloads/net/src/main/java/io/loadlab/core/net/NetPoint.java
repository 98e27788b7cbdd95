package io.loadlab.core.net;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One point of a sweep: a number of users and the sizes of request and response.
 *
 * @param namedBySize true if the operation name carries the sizes (a sweep over sizes)
 */
public record NetPoint(
    NetWorkload workload, int users, int request, int response, boolean namedBySize) {

  /** The operation name in results, e.g. {@code rr users=10}. */
  public String operation() {
    String name = workload.id() + " users=" + users;
    return namedBySize ? name + " req=" + request + " resp=" + response : name;
  }

  /** The phase name, e.g. {@code users=10 request=200 response=1000}. */
  public String phase() {
    return "users=" + users + " request=" + request + " response=" + response;
  }

  /**
   * The parameters shown beside the operation's totals, in this order: {@code users}, {@code
   * request}, {@code response} (the driver adds {@code io} after them).
   */
  public Map<String, String> parameters() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("users", String.valueOf(users));
    p.put("request", String.valueOf(request));
    p.put("response", String.valueOf(response));
    return p;
  }
}
