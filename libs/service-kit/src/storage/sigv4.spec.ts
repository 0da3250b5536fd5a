import { amzDate, sha256Hex, signatureV4 } from './sigv4';

describe('signatureV4', () => {
  it("matches AWS's documented example (GET object with a Range header)", () => {
    const authorization = signatureV4(
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': sha256Hex(''),
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: sha256Hex(''),
      },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 's3' },
    );
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('formats the request time', () => {
    expect(amzDate(new Date('2013-05-24T00:00:00.123Z'))).toBe('20130524T000000Z');
  });
});
