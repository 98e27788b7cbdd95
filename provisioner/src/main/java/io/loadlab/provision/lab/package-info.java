/**
 * Local multi-host labs on network namespaces: hosts joined by a bridge or by veth pairs, with MTU,
 * netem delay and optional sshd per host.
 */
package io.loadlab.provision.lab;
