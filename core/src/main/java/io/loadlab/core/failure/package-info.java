/** Failures a user can act on, each with its exit code. */
package io.loadlab.core.failure;
