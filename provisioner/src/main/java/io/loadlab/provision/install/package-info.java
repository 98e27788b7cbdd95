/**
 * Installing loadlab's binary distribution on a testbed's machines over SSH, idempotently: a
 * machine that holds the same tarball already is left alone.
 */
package io.loadlab.provision.install;
