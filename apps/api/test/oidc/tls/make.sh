#!/bin/sh
# Regenerates the throwaway certificate authority and the server certificate of the tests' OpenID provider
# (test/oidc/provider.ts). Tests only: the server trusts ca.pem through NODE_EXTRA_CA_CERTS, nothing else does.
set -eu
cd "$(dirname "$0")"
openssl ecparam -name prime256v1 -genkey -noout -out ca.key
openssl req -x509 -new -key ca.key -sha256 -days 36500 -subj "/CN=Centavo test CA (throwaway)" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" -out ca.pem
openssl ecparam -name prime256v1 -genkey -noout -out server.key
openssl req -new -key server.key -subj "/CN=localhost" -out server.csr
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n' > server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 36500 -sha256 -extfile server.ext -out server.pem
rm -f server.csr server.ext ca.srl ca.key
