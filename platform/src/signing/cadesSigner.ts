import { createHash, webcrypto } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { openCertificate, type CertificateBundle } from './certificates.js';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  // ESS signing-certificate-v2 (RFC 5035): binds the signature to its certificate (PAdES B-B).
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

/** Node's WebCrypto as pkijs' engine (RSA PKCS#1 v1.5, SHA-256). */
const engine = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
});

const arrayBufferOf = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

const derOf = (value: forge.asn1.Asn1): Buffer =>
  Buffer.from(forge.asn1.toDer(value).getBytes(), 'binary');

/**
 * A CAdES signer for `@signpdf/signpdf` (ETSI.CAdES.detached, PAdES baseline B-B): the CMS is
 * built by pkijs (node-forge's PKCS#7 re-encodes UTF8String names of the issuer, so a certificate
 * named with accents would not be found by readers), with content type, message digest and the
 * ESS signing-certificate-v2 as signed attributes, and the file's certificates. The PKCS#12 is opened
 * by node-forge (legacy 3DES/RC2 files as well as PBES2); the certificates keep their exact bytes.
 * No signing-time attribute (PAdES puts the time in the signature dictionary's /M).
 */
export class CadesSigner extends Signer {
  constructor(private readonly bundle: CertificateBundle) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const { certificate, privateKey, chain } = openCertificate(this.bundle);
    const signerDer = derOf(forge.pki.certificateToAsn1(certificate));
    const certificates = [
      signerDer,
      ...chain.map((c) => derOf(forge.pki.certificateToAsn1(c))),
    ].map((der) => pkijs.Certificate.fromBER(arrayBufferOf(der)));
    const signer = certificates[0]!;
    const digest = createHash('sha256').update(pdfBuffer).digest();
    const essCertIdV2 = new asn1js.Sequence({
      // hashAlgorithm omitted: SHA-256 is the default.
      value: [
        new asn1js.OctetString({ valueHex: createHash('sha256').update(signerDer).digest() }),
      ],
    });
    const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({
          type: OID.contentType,
          values: [new asn1js.ObjectIdentifier({ value: OID.data })],
        }),
        new pkijs.Attribute({
          type: OID.messageDigest,
          values: [new asn1js.OctetString({ valueHex: digest })],
        }),
        new pkijs.Attribute({
          type: OID.signingCertificateV2,
          values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
        }),
      ],
    });
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: signer.issuer,
            serialNumber: signer.serialNumber,
          }),
          signedAttrs,
        }),
      ],
      certificates,
    });
    const pkcs8 = derOf(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(privateKey)));
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      pkcs8,
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    await signedData.sign(
      key as unknown as Parameters<pkijs.SignedData['sign']>[0],
      0,
      'SHA-256',
      undefined,
      engine,
    );
    const content = new pkijs.ContentInfo({
      contentType: OID.signedData,
      content: signedData.toSchema(true),
    });
    return Buffer.from(content.toSchema().toBER(false));
  }
}
