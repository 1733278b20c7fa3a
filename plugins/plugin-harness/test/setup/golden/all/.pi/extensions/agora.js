// fixture bridge extension: setup must copy these bytes verbatim
export default function agoraExtension(pi) {
  return pi
}
