/**
 * The testbed file: hosts, guests, tuning and roles as a lab engineer writes them, and the
 * validation that runs before anything is touched.
 */
package io.loadlab.provision.testbed;
