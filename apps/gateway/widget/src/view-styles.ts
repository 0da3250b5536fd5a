/** The widget's own styles, inside its shadow root: the page's CSS cannot reach them, nor they the page. */
export const viewStyles = (color: string) => `
:host{all:initial;position:fixed;right:20px;bottom:20px;z-index:2147483000;font:14px/1.4 system-ui,sans-serif;color:#1f2933}
*{box-sizing:border-box}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.launcher{position:relative;width:56px;height:56px;border:0;border-radius:50%;background:${color};color:#fff;cursor:pointer;box-shadow:0 4px 12px #0003;display:block;margin-left:auto}
.launcher svg{width:28px;height:28px;fill:currentColor}
:focus-visible{outline:3px solid #1b6ef3;outline-offset:2px}
.badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 6px;border-radius:10px;background:#d92d20;color:#fff;font-size:12px;line-height:20px}
.chat{width:min(360px,calc(100vw - 40px));height:min(520px,calc(100vh - 110px));margin-bottom:12px;background:#fff;border-radius:12px;box-shadow:0 8px 28px #0004;display:flex;flex-direction:column;overflow:hidden}
[hidden]{display:none!important}
header{background:${color};color:#fff;padding:14px 16px;display:flex;gap:8px;align-items:flex-start}
header div{flex:1}
h2{margin:0;font-size:16px}
header p{margin:2px 0 0;font-size:13px;opacity:.9}
.close{background:none;border:0;color:inherit;font-size:22px;line-height:1;cursor:pointer;padding:2px 6px}
ol{list-style:none;margin:0;padding:12px;flex:1;overflow-y:auto;display:flex;flex-direction:column;gap:6px}
li{max-width:80%;padding:8px 12px;border-radius:12px;white-space:pre-wrap;word-wrap:break-word;background:#eef1f4;align-self:flex-start}
li.in{align-self:flex-end;background:${color};color:#fff}
.typing{margin:0 12px 6px;font-size:12px;color:#52606d}
form{display:flex;gap:8px;border-top:1px solid #e4e7eb;padding:10px}
textarea{flex:1;resize:none;border:1px solid #cbd2d9;border-radius:8px;padding:8px;font:inherit}
form button{border:0;border-radius:8px;background:${color};color:#fff;padding:0 14px;font:inherit;cursor:pointer}
.error{margin:0 12px 6px;color:#b42318;font-size:12px}
`;
