/**
 * A campaign file read and checked whole before anything runs: the campaign-wide fields here, the
 * configurations and steps by {@code step}, the report's layout by {@code layout}, the testbeds'
 * files and hosts as {@code provision plan} checks them; every problem one line naming the field
 * and the fix, all reported together. Above the file's model ({@code file}), which it only reads.
 */
package io.loadlab.campaign.check;
