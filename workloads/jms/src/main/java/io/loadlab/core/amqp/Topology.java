package io.loadlab.core.amqp;

import java.util.ArrayList;
import java.util.List;

/**
 * Where one throughput iteration's publishers send and its subscribers receive: queue or topic
 * names, which publisher ids send to each, and the delivery accounts (one per queue in shared mode,
 * one per subscriber on a topic).
 */
final class Topology {
  private final List<Destination> destinations = new ArrayList<>();

  Topology(ThroughputSettings s, int idBase, int iteration) {
    for (int d = 0; d < s.destinations(); d++) {
      String address =
          switch (s.mode()) {
            case SHARED -> "queue://" + s.baseName() + "-" + d;
            case FANOUT -> "topic://" + s.baseName() + "-fanout";
            case TOPIC -> "topic://" + s.baseName() + "-" + d;
          };
      int first = idBase + d * s.publishers();
      destinations.add(new Destination(address, first, s, iteration));
    }
  }

  List<Destination> destinations() {
    return destinations;
  }

  List<DeliveryReport> reports() {
    List<DeliveryReport> all = new ArrayList<>();
    for (Destination d : destinations) {
      for (DeliveryAccount a : d.accounts) {
        all.add(a.report());
      }
    }
    return all;
  }

  /** One queue or topic with its publishers and accounts. */
  static final class Destination {
    private final String address;
    private final int firstPublisher;
    private final int publishers;
    private final List<DeliveryAccount> accounts = new ArrayList<>();
    private final boolean shared;

    Destination(String address, int firstPublisher, ThroughputSettings s, int iteration) {
      this.address = address;
      this.firstPublisher = firstPublisher;
      this.publishers = s.publishers();
      this.shared = s.mode() == ThroughputMode.SHARED;
      String name = address.substring(address.indexOf("://") + 3);
      if (shared) {
        accounts.add(new DeliveryAccount(name, firstPublisher, publishers, s.count()));
      } else {
        for (int k = 0; k < s.subscribers(); k++) {
          accounts.add(
              new DeliveryAccount(
                  name + " subscriber " + (k + 1), firstPublisher, publishers, s.count()));
        }
      }
    }

    String address() {
      return address;
    }

    int firstPublisher() {
      return firstPublisher;
    }

    boolean owns(int publisherId) {
      return publisherId >= firstPublisher && publisherId < firstPublisher + publishers;
    }

    /** The account subscriber {@code k} records into. */
    DeliveryAccount accountFor(int k) {
      return shared ? accounts.get(0) : accounts.get(k);
    }

    /** How many copies of each message are due: one per queue, one per topic subscriber. */
    int receivers() {
      return accounts.size();
    }

    /** Sets what is due per account: what its publishers had confirmed. */
    void expect(long confirmedByPublishers) {
      for (DeliveryAccount a : accounts) {
        a.expect(confirmedByPublishers);
      }
    }
  }
}
