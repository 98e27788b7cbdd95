/** KVM guests through libvirt-java: host facts, domain XML, define/start/stop/undefine, clones. */
package io.loadlab.provision.libvirt;
