/**
 * SSH to hosts and guests with Apache MINA SSHD: key authentication, strict known_hosts checking,
 * timeouts, safe quoting and sudo.
 */
package io.loadlab.provision.ssh;
