/** Host tuning over SSH: sysctl, hugepages, stopped services, IRQ affinity, ethtool rings. */
package io.loadlab.provision.tuning;
