/**
 * Bridges a testbed host gets for its guests (a network of the lab's own), created at apply and
 * removed at teardown.
 */
package io.loadlab.provision.bridge;
