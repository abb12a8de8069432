#!/bin/sh
# Installs the Acme command line tool and signs in.
set -e
# region install
npm install --global acme-cli
acme login
# endregion install
acme --version
