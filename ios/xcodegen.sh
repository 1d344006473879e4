#!/usr/bin/env bash
# Generates DamaZamma.xcodeproj from project.yml with the identity and version Android builds
# from (android/app.properties: applicationId, versionName, versionCode), which project.yml
# reads as ${DAMA_…} (XcodeGen expands environment variables). Arguments go to xcodegen.
set -euo pipefail
cd "$(dirname "$0")"
prop() { sed -n "s/^$1=//p" ../android/app.properties; }
DAMA_APP_ID=$(prop applicationId)
DAMA_VERSION_NAME=$(prop versionName)
DAMA_VERSION_CODE=$(prop versionCode)
export DAMA_APP_ID DAMA_VERSION_NAME DAMA_VERSION_CODE
exec xcodegen "$@"
