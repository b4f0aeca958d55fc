#!/bin/sh
# Each /etc/nginx/templates/NAME.template becomes /etc/nginx/conf.d/NAME with the environment's
# variables filled in (only those set, so nginx's own $variables stay; NGINX_ENVSUBST_FILTER narrows
# them by a regular expression). NGINX_ENVSUBST_TEMPLATE_DIR, _TEMPLATE_SUFFIX and _OUTPUT_DIR move it.
set -e
templates="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
output="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
[ -d "$templates" ] || exit 0
names=$(awk -v filter="${NGINX_ENVSUBST_FILTER:-}" 'END { for (name in ENVIRON) if (name ~ filter) printf "${%s} ", name }' </dev/null)
find "$templates" -follow -type f -name "*$suffix" | while read -r template; do
  target="$output/${template#"$templates/"}"
  target="${target%"$suffix"}"
  mkdir -p "$(dirname "$target")"
  echo "$0: envsubst $template > $target"
  envsubst "$names" <"$template" >"$target"
done
