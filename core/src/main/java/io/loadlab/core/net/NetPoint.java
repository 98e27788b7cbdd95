package io.loadlab.core.net;

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

  /** The parameters shown beside the operation's totals. */
  public Map<String, String> parameters() {
    return Map.of(
        "users",
        String.valueOf(users),
        "request",
        String.valueOf(request),
        "response",
        String.valueOf(response));
  }
}
