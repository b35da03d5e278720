#!/bin/sh
# Starts one app of the image. The first argument names it (embedded when none is given); any further
# arguments go to the app. Configuration is the environment, as in the README's table.
set -eu

APPS="gateway accounts-svc rooms-svc translate-svc tts-svc asr-svc embedded migrate"

app="${1:-embedded}"
[ "$#" -gt 0 ] && shift

case " $APPS " in
  *" $app "*) ;;
  *)
    echo "Unknown app \"$app\": the command must be one of: $APPS." >&2
    exit 64
    ;;
esac

cd /app
# The compiled code imports `@lt/<lib>`; tsconfig.runtime.json maps those to dist/server/libs.
export TS_NODE_PROJECT="${TS_NODE_PROJECT:-/app/tsconfig.runtime.json}"
export LT_APP="$app"
exec node -r tsconfig-paths/register "dist/server/apps/$app/src/main.js" "$@"
