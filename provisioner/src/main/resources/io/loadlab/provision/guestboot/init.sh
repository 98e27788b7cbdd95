#!/bin/busybox sh
# loadlab's guest /init (written by HostRootInitramfs): loads the virtio and 9p modules, mounts the
# host's root filesystem read-only from the 9p share "hostroot" (cached: nothing changes it), puts
# tmpfs over the directories a guest writes, sets each NIC's address from loadlab.ip= (a comma-
# separated list: the i-th on eth<i>, empty for none), then makes
# the share the guest's root (switch_root, not chroot: in a chroot, unshare -U is refused, and
# loadlab's embedded PostgreSQL runs as root only in a user namespace), makes a fresh SSH host key
# and prints it on the serial console (the provisioner learns it from there), starts the host's own
# sshd and waits. Nothing it writes survives the guest.
B=/bin/busybox
$B mount -t proc proc /proc
$B mount -t sysfs sys /sys
$B mount -t devtmpfs dev /dev
fail() {
  echo "loadlab-init: $*"
  $B sleep 2
  $B poweroff -f
}
for m in $($B cat /modules.order); do
  $B insmod "/lib/modules/$m" || echo "loadlab-init: insmod $m failed"
done
for a in $($B cat /proc/cmdline); do
  case "$a" in
    loadlab.ip=*) IP="${a#*=}" ;;
    loadlab.key=*) KEY="${a#*=}" ;;
    loadlab.virt=*) VIRT="${a#*=}" ;;
  esac
done
$B mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 hostroot /host ||
  fail "cannot mount the host's root filesystem (9p share hostroot)"
# Read before a tmpfs hides the host's directory it is in.
if [ -n "$KEY" ]; then
  $B cat "/host$KEY" >/authorized_keys || fail "cannot read the authorized key $KEY"
fi
$B mount -t proc proc /host/proc
$B mount -t sysfs sys /host/sys
$B mount -t devtmpfs dev /host/dev
$B mkdir -p /host/dev/pts /host/dev/shm
$B mount -t devpts devpts /host/dev/pts
for d in /dev/shm /tmp /var/tmp; do $B mount -t tmpfs -o mode=1777 tmpfs "/host$d"; done
for d in /run /root /home /var/log; do $B mount -t tmpfs -o mode=755 tmpfs "/host$d"; done
$B hostname "$($B cat /host/etc/hostname 2>/dev/null || echo loadlab-guest)"
$B ip link set lo up
$B ip link set eth0 up || fail "no eth0 (virtio NIC)"
i=0
for a in $(echo "$IP" | $B sed 's/,/ , /g'); do
  case "$a" in
    ,) i=$((i + 1)) ;;
    *)
      $B ip link set "eth$i" up || fail "no eth$i (virtio NIC $((i + 1)))"
      $B ip addr add "$a" dev "eth$i" || fail "cannot set address $a on eth$i"
      ;;
  esac
done
# NICs without an address still come up (a NIC of their own for a test to set).
for n in /sys/class/net/eth*; do [ -e "$n" ] && $B ip link set "${n##*/}" up; done
$B mkdir -p /host/run/sshd /host/run/loadlab /host/root/.ssh
$B chmod 700 /host/root/.ssh
if [ -f /authorized_keys ]; then $B cp /authorized_keys /host/root/.ssh/authorized_keys; fi
$B cat >/host/run/loadlab/sshd_config <<'CFG'
HostKey /run/loadlab/ssh_host_ed25519_key
PidFile /run/loadlab/sshd.pid
PermitRootLogin prohibit-password
AuthorizedKeysFile /root/.ssh/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
UseDNS no
StrictModes no
Subsystem sftp internal-sftp
CFG
if [ "$VIRT" = tcg ]; then
  # Emulated: a class archive takes minutes to build, and C2 compiles cost more than they save in
  # short runs.
  echo 'SetEnv LOADLAB_NO_CDS=1 "LOADLAB_JAVA_OPTS=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"' \
    >>/host/run/loadlab/sshd_config
fi
# The rest runs with the share as / (the host's own static busybox: the one copied in here).
$B cat >/host/run/loadlab/init2 <<'INIT2'
B=/bin/busybox
fail() {
  echo "loadlab-init: $*"
  $B sleep 2
  $B poweroff -f
}
/usr/bin/ssh-keygen -q -t ed25519 -N '' -f /run/loadlab/ssh_host_ed25519_key ||
  fail "ssh-keygen failed (install openssh-client on the host)"
echo "loadlab-host-key: $($B cat /run/loadlab/ssh_host_ed25519_key.pub)"
/usr/sbin/sshd -f /run/loadlab/sshd_config || fail "sshd did not start (install openssh-server on the host)"
echo "loadlab-guest-ready"
while :; do $B sleep 3600; done
INIT2
[ -x /host/bin/busybox ] || fail "no /bin/busybox on the host (install busybox-static)"
exec $B switch_root /host /bin/busybox sh /run/loadlab/init2
fail "switch_root to the host's root filesystem failed"
