/**
 * Guests that boot the host's own root filesystem: the initramfs loadlab builds from the host's
 * packages, the host key learned from the serial console, and the console quoted when a guest
 * fails.
 */
package io.loadlab.provision.guestboot;
