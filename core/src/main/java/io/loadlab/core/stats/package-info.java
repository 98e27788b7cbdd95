/** Statistics over a few runs that reports share: the interval of a mean. */
package io.loadlab.core.stats;
