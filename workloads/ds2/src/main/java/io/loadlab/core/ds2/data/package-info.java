/**
 * DS2 data generation: rows for every table at a {@link io.loadlab.core.ds2.Ds2Size}, cut into
 * fixed chunks that each draw from their own random stream derived from the seed, so the data is
 * the same for a seed however many threads generate it.
 */
package io.loadlab.core.ds2.data;
