#!/bin/sh
# Builds a real Debian guest from Debian's packages, as a provider would
# build a cloud image: debootstrap, then Debian's own kernel, systemd,
# cloud-init, openssh-server, qemu-guest-agent and locales, with
# cloud-guest-utils so cloud-init grows the root partition to the disk. No
# net-tools: cloud-init's rendering must work without `route`.
#
# Two renderers of the network configuration, one per variant:
#   ifupdown  Debian 12 (cloud-init 22.4) with ifupdown: cloud-init writes
#             /etc/network/interfaces
#   netplan   Debian 13 (cloud-init 25) with netplan.io, as Debian's own cloud
#             images: cloud-init writes /etc/netplan/50-cloud-init.yaml for
#             systemd-networkd
#
#   build.sh VARIANT OUTPUT_DIR  →  OUTPUT_DIR/disk.qcow2 (one ext4 partition,
#   vda1, labelled root), OUTPUT_DIR/vmlinuz and OUTPUT_DIR/initrd.img (the
#   guest's own, booted directly: root=/dev/vda1), OUTPUT_DIR/packages (what
#   went in, one `name version` a line)
#
# Packages are downloaded into DEBS_CACHE (default /var/cache/cloudplane-test/debs)
# so a second variant or a rebuild reads them from there.
set -eu
variant=$1
out=$2
case $variant in
  ifupdown) suite=bookworm renderer_packages='ifupdown' ;;
  netplan) suite=trixie renderer_packages='netplan.io' ;;
  *) echo "build.sh: unknown variant '$variant' (ifupdown or netplan)" >&2; exit 2 ;;
esac
debs=${DEBS_CACHE:-/var/cache/cloudplane-test/debs}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$debs"
work=$(mktemp -d)
root="$work/root"
cleanup() {
  for mounted in proc sys dev; do umount -l "$root/$mounted" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# minbase, then apt inside the root: debootstrap's own resolver does not know
# virtual packages (python3-cryptography needs python3-cffi-backend-api-*).
debootstrap --variant=minbase --cache-dir="$debs" "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --bind /dev "$root/dev"
cat >"$root/etc/apt/sources.list" <<SOURCES
deb $mirror $suite main
deb $mirror $suite-updates main
deb http://deb.debian.org/debian-security $suite-security main
SOURCES
# The package cache of the build machine, shared by both variants.
mkdir -p "$root/var/cache/apt/archives"
mount --bind "$debs" "$root/var/cache/apt/archives"
in_root() { chroot "$root" env DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"; }
in_root apt-get update -q >"$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 1; }
# Debian 13 ships systemd-networkd (netplan's backend) as a package of its own.
if [ "$variant" = netplan ] && in_root apt-cache show systemd-networkd >/dev/null 2>&1; then renderer_packages="$renderer_packages systemd-networkd"; fi
# No initramfs yet: the kernel's package makes it once the root is whole.
in_root apt-get install -y -q --no-install-recommends \
  systemd-sysv udev dbus linux-image-cloud-amd64 initramfs-tools \
  cloud-init cloud-guest-utils fdisk e2fsprogs openssh-server qemu-guest-agent locales \
  iproute2 iputils-ping procps netbase $renderer_packages >>"$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 1; }
umount "$root/var/cache/apt/archives"
if in_root sh -c 'command -v route || command -v ifconfig' >/dev/null; then
  echo "build.sh: net-tools came in; the guest must be without it" >&2
  exit 1
fi

echo 'LABEL=root / ext4 errors=remount-ro 0 1' >"$root/etc/fstab"
# Each instance makes its own machine id and SSH host keys (cloud-init does the keys).
: >"$root/etc/machine-id"
rm -f "$root"/etc/ssh/ssh_host_*
echo 'en_US.UTF-8 UTF-8' >"$root/etc/locale.gen"
in_root locale-gen >/dev/null
echo 'LANG=en_US.UTF-8' >"$root/etc/default/locale"
# Root is locked until cloud-init or the guest agent gives it a password.
in_root passwd -l root >/dev/null
in_root systemctl enable qemu-guest-agent >/dev/null 2>&1 || true
if [ "$variant" = netplan ]; then in_root systemctl enable systemd-networkd >/dev/null 2>&1; fi
in_root dpkg-query -W -f '${Package} ${Version}\n' | sort >"$work/packages"
in_root apt-get clean
for mounted in proc sys dev; do umount "$root/$mounted"; done
rm -rf "$root"/var/lib/apt/lists/* "$root"/tmp/* "$root"/var/log/*.log

mkdir -p "$out"
cp "$root"/boot/vmlinuz-* "$work/vmlinuz"
cp "$root"/boot/initrd.img-* "$work/initrd.img"
# One partition from 1 MiB (what growpart grows) in a 2 GiB disk, its
# filesystem made from the root directory (no loop device needed).
size_mb=2048
part_mb=$((size_mb - 1))
truncate -s "${size_mb}M" "$work/disk.raw"
echo 'start=2048, type=83' | sfdisk -q "$work/disk.raw"
mkfs.ext4 -q -L root -d "$root" "$work/part.raw" "${part_mb}M"
dd if="$work/part.raw" of="$work/disk.raw" bs=1M seek=1 conv=notrunc,sparse status=none
qemu-img convert -f raw -O qcow2 "$work/disk.raw" "$work/disk.qcow2"
chmod 644 "$work/vmlinuz" "$work/initrd.img" "$work/disk.qcow2"
mv "$work/vmlinuz" "$work/initrd.img" "$work/disk.qcow2" "$work/packages" "$out/"
