#!/bin/sh
# Builds the test VM image from Debian's own packages, nothing downloaded:
# the kernel of linux-image-amd64 and an initramfs of busybox-static,
# dropbear-bin (with the libraries it links) and the modules it needs (virtio
# devices, ext4 for the server's disk, IDE CD-ROMs, the guest agent's virtio
# port), in the order `modinfo -F depends` gives, around the init, the
# guest agent and the CD-ROM media watcher beside this script.
#   build.sh OUTPUT_DIR  →  OUTPUT_DIR/vmlinuz, OUTPUT_DIR/initramfs.cpio.gz
set -eu
out=$1
here=$(cd "$(dirname "$0")" && pwd)
kernel=$(ls /boot/vmlinuz-* | sort -V | tail -n 1)
version=${kernel#/boot/vmlinuz-}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root/bin" "$root/sbin" "$root/etc" "$root/lib/modules" "$root/root" "$root/proc" "$root/sys" "$root/dev" "$root/lib64"
cp /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list); do [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"; done
cp /usr/sbin/dropbear "$root/sbin/dropbear"
cp /usr/bin/dropbearkey "$root/bin/dropbearkey"
for library in $(ldd /usr/sbin/dropbear /usr/bin/dropbearkey | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^\t\(\/[^ ]*\) .*/\1/p' | sort -u); do
  mkdir -p "$root$(dirname "$library")"
  cp -L "$library" "$root$library"
done

# Modules after what they depend on, in two lists init loads side by side
# (they share no module): etc/modules-load-ide, the IDE CD-ROM drives
# (libata, scsi_mod and cdrom come as dependencies), whose loading waits for
# the ATA ports' probe; etc/modules-load, the rest.
loaded=''
add_module() {
  case " $loaded " in *" $1 "*) return ;; esac
  for dependency in $(modinfo -k "$version" -F depends "$1" | tr ',' ' '); do add_module "$dependency"; done
  cp "$(modinfo -k "$version" -n "$1")" "$root/lib/modules/$1.ko"
  loaded="$loaded $1"
  echo "$1" >> "$root/etc/$list"
}
list=modules-load-ide
: > "$root/etc/$list"
for module in ata_piix sr_mod; do add_module "$module"; done
# virtio_console: the guest agent's port. ext4 asks for crc32c through the
# crypto API (its softdep): the generic one, as the emulated CPU may lack SSE 4.2.
list=modules-load
: > "$root/etc/$list"
for module in virtio_pci virtio_blk virtio_net virtio_rng virtio_console isofs crc32c_generic ext4; do add_module "$module"; done

cat > "$root/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/bin/sh
PASSWD
echo 'root:*:19000:0:99999:7:::' > "$root/etc/shadow"
echo 'root:x:0:' > "$root/etc/group"
echo '/bin/sh' > "$root/etc/shells"
cp "$here/init" "$root/init"
cp "$here/guest-agent" "$here/media-changed" "$root/sbin/"
chmod 755 "$root/init" "$root/sbin/guest-agent" "$root/sbin/media-changed"

mkdir -p "$out"
(cd "$root" && find . | /bin/busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$out/initramfs.cpio.gz.tmp"
mv "$out/initramfs.cpio.gz.tmp" "$out/initramfs.cpio.gz"
cp "$kernel" "$out/vmlinuz"
