#!/usr/bin/python3
# Writes intl_heldout.jsonl (seed 27003) and its development copy (any
# other seed): python3 intl_gen.py 27003 intl_heldout.jsonl, with
# Debian's python3-stdnum (1.18).
# Generator of the intl held-out set (pii2). Numbers made valid with
# python-stdnum (Debian's python3-stdnum 1.18), an implementation
# independent of the recognizers; the rest by the published rules.
import json, random, sys, hashlib, string
from stdnum.es import dni, nie
from stdnum.it import codicefiscale
from stdnum.pt import nif as ptnif
from stdnum.fr import nir
from stdnum.be import nn
from stdnum.nl import bsn
from stdnum.de import idnr
from stdnum.pl import pesel
from stdnum.se import personnummer
from stdnum.no import fodselsnummer
from stdnum.dk import cpr
from stdnum.fi import hetu
from stdnum.br import cpf, cnpj
from stdnum.mx import curp
from stdnum.cl import rut
from stdnum.in_ import aadhaar
from stdnum.au import tfn, abn
from stdnum.kr import rrn
from stdnum.cn import ric
from stdnum.za import idnr as zaid
from stdnum.il import idnr as ilid
from stdnum.tr import tckimlik

R = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 27003)
D = string.digits
def digs(n): return ''.join(R.choice(D) for _ in range(n))
def date6():
    y = R.randint(1950, 2003); m = R.randint(1, 12); d = R.randint(1, 28)
    return y, m, d
def fill(prefix, alphabet, valid):
    """prefix + one char of alphabet that makes it valid"""
    for c in alphabet:
        if valid(prefix + c):
            return prefix + c
    return None
def tries(make):
    for _ in range(2000):
        v = make()
        if v: return v
    raise SystemExit('no value')

def g_dni(): return tries(lambda: fill(digs(8), string.ascii_uppercase, dni.is_valid))
def g_nie(): return tries(lambda: fill(R.choice('XYZ') + digs(7), string.ascii_uppercase, nie.is_valid))
MONTHS = 'ABCDEHLMPRST'
CONS = 'BCDFGLMNPRSTVZ'
def g_cf(omocodia=False):
    def mk():
        y, m, d = date6()
        day = d + (40 if R.random() < .5 else 0)
        body = ''.join(R.choice(CONS) for _ in range(3)) + ''.join(R.choice(CONS) for _ in range(3)) + '%02d' % (y % 100) + MONTHS[m-1] + '%02d' % day + R.choice(['H501', 'F205', 'L219', 'G273', 'A944', 'D612', 'F839']) 
        if omocodia:
            b = list(body); b[14] = 'LMNPQRSTUV'[int(b[14])]; body = ''.join(b)
        v = body + codicefiscale.calc_check_digit(body)
        return v if codicefiscale.is_valid(v) else None
    return tries(mk)
def g_ptnif(): return tries(lambda: fill(R.choice('123') + digs(7), D, ptnif.is_valid))
def g_nir():
    def mk():
        y, m, d = date6()
        dep = R.choice(['75', '69', '13', '33', '59', '2A', '2B', '44', '31'])
        body = R.choice('12') + '%02d%02d' % (y % 100, m) + dep + '%03d' % R.randint(1, 990) + '%03d' % R.randint(1, 999)
        n = int(body.replace('2A', '19').replace('2B', '18'))
        key = '%02d' % (97 - n % 97)
        v = body + key
        return v if nir.is_valid(v) else None
    return tries(mk)
def g_nn():
    def mk():
        y, m, d = date6()
        v = fill('%02d%02d%02d' % (y % 100, m, d) + '%03d' % R.randint(1, 997), D, lambda s: True)
        for k in range(100):
            c = v[:9] + '%02d' % k
            if nn.is_valid(c): return c
        return None
    return tries(mk)
def g_bsn(): return tries(lambda: fill(R.choice('123456') + digs(7), D, bsn.is_valid))
def g_idnr(): return tries(lambda: fill(R.choice('123456789') + digs(9), D, idnr.is_valid))
def g_pesel():
    def mk():
        y, m, d = date6()
        mm = m + (20 if y >= 2000 else 0)
        return fill('%02d%02d%02d' % (y % 100, mm, d) + digs(4), D, pesel.is_valid)
    return tries(mk)
def g_pnr(long=False):
    def mk():
        y, m, d = date6()
        v = fill('%02d%02d%02d' % (y % 100, m, d) + '-' + digs(3), D, personnummer.is_valid)
        if v and long: v = str(y // 100) + v
        return v if v and personnummer.is_valid(v) else None
    return tries(mk)
def g_fnr():
    def mk():
        y, m, d = date6()
        base = '%02d%02d%02d' % (d, m, y % 100) + ('%03d' % R.randint(0, 499) if y < 2000 else '%03d' % R.randint(500, 999))
        for k in range(100):
            c = base + '%02d' % k
            if fodselsnummer.is_valid(c): return c
        return None
    return tries(mk)
def g_cpr():
    def mk():
        y, m, d = date6()
        v = '%02d%02d%02d' % (d, m, y % 100) + '-' + digs(4)
        return v if cpr.is_valid(v) else None
    return tries(mk)
def g_hetu():
    def mk():
        y, m, d = date6()
        c = '-' if y < 2000 else 'A'
        return fill('%02d%02d%02d' % (d, m, y % 100) + c + '%03d' % R.randint(2, 899), '0123456789ABCDEFHJKLMNPRSTUVWXY', hetu.is_valid)
    return tries(mk)
def g_cpf():
    v = tries(lambda: (lambda s: s if cpf.is_valid(s) else None)(next((digs(9) + '%02d' % k for k in [0]), '')) )
    return v
def g_cpf():
    def mk():
        b = digs(9)
        for k in range(100):
            if cpf.is_valid(b + '%02d' % k): return b + '%02d' % k
    return tries(mk)
def g_cnpj():
    def mk():
        b = digs(8) + '0001'
        for k in range(100):
            if cnpj.is_valid(b + '%02d' % k): return b + '%02d' % k
    return tries(mk)
def g_curp():
    def mk():
        y, m, d = date6()
        body = R.choice('BCDGHLMPRSV') + R.choice('AEIOU') + R.choice(CONS) + R.choice('AEIOUJLM') + '%02d%02d%02d' % (y % 100, m, d) + R.choice('HM') + R.choice(['DF', 'JC', 'NL', 'PL', 'VZ', 'MC', 'GT']) + ''.join(R.choice('BCDFGHJKLMNPRSTVZ') for _ in range(3)) + ('0' if y < 2000 else 'A')
        v = body + curp.calc_check_digit(body + '0')  # calc on 17
        return v if curp.is_valid(v) else None
    return tries(mk)
def g_rut(): return tries(lambda: fill(str(R.randint(5000000, 25999999)), D + 'K', rut.is_valid))
def g_aadhaar(): return tries(lambda: fill(R.choice('23456789') + digs(10), D, aadhaar.is_valid))
def g_tfn(): return tries(lambda: fill(digs(8), D, tfn.is_valid))
def g_abn(): return tries(lambda: (lambda s: s if abn.is_valid(s) else None)(digs(11)))
def g_rrn():
    def mk():
        y, m, d = date6()
        s = ('1' if y < 2000 else '3') if R.random() < .5 else ('2' if y < 2000 else '4')
        return fill('%02d%02d%02d' % (y % 100, m, d) + s + digs(5), D, rrn.is_valid)
    return tries(mk)
def g_ric():
    def mk():
        y, m, d = date6()
        v = R.choice(['110105', '310104', '440305', '510107', '330106', '420111']) + '%04d%02d%02d' % (y, m, d) + digs(3)
        return fill(v, D + 'X', ric.is_valid)
    return tries(mk)
def g_zaid():
    def mk():
        y, m, d = date6()
        return fill('%02d%02d%02d' % (y % 100, m, d) + digs(4) + '08', D, zaid.is_valid)
    return tries(mk)
def g_ilid(): return tries(lambda: fill(digs(8), D, ilid.is_valid))
def g_tc():
    def mk():
        b = R.choice('123456789') + digs(8)
        for k in range(100):
            if tckimlik.is_valid(b + '%02d' % k): return b + '%02d' % k
    return tries(mk)
# Own implementations for what stdnum 1.18 lacks (published rules).
def nric_check(p, ds):
    w = [2, 7, 6, 5, 4, 3, 2]
    s = sum(int(c) * x for c, x in zip(ds, w)) + {'S': 0, 'F': 0, 'T': 4, 'G': 4, 'M': 3}[p]
    r = s % 11
    if p in 'ST': return 'JZIHGFEDCBA'[r]
    if p in 'FG': return 'XWUTRQPNMLK'[r]
    return 'KLJNPQRTUWX'[10 - r]
def g_nric(prefix=None):
    p = prefix or R.choice('STFG'); ds = digs(7)
    return p + ds + nric_check(p, ds)
def medicare_ok(v):
    w = [1, 3, 7, 9, 1, 3, 7, 9]
    return v[0] in '23456' and sum(int(c) * x for c, x in zip(v[:8], w)) % 10 == int(v[8])
def g_medicare():
    b = R.choice('23456') + digs(7)
    w = [1, 3, 7, 9, 1, 3, 7, 9]
    return b + str(sum(int(c) * x for c, x in zip(b, w)) % 10) + R.choice('12345')
def mynumber_check(ds):  # 11 digits, n from the right
    s = 0
    for n in range(1, 12):
        p = int(ds[11 - n]); q = n + 1 if n <= 6 else n - 5
        s += p * q
    r = s % 11
    return 0 if r <= 1 else 11 - r
def g_mynumber():
    b = digs(11)
    return b + str(mynumber_check(b))
# Bitcoin
B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
def b58check(payload):
    raw = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    n = int.from_bytes(raw, 'big'); s = ''
    while n: n, r = divmod(n, 58); s = B58[r] + s
    return '1' * (len(raw) - len(raw.lstrip(b'\0'))) + s
def g_btc(): return b58check(bytes([R.choice([0, 5])]) + bytes(R.randrange(256) for _ in range(20)))
CH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
def polymod(values):
    G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
    chk = 1
    for v in values:
        b = chk >> 25; chk = (chk & 0x1ffffff) << 5 ^ v
        for i in range(5): chk ^= G[i] if ((b >> i) & 1) else 0
    return chk
def bech32(hrp, data):
    ex = [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]
    pm = polymod(ex + data + [0] * 6) ^ 1
    return hrp + '1' + ''.join(CH[d] for d in data + [(pm >> 5 * (5 - i)) & 31 for i in range(6)])
def g_bech():
    prog = [R.randrange(32) for _ in range(32)]
    return bech32('bc', [0] + prog)
def g_eth(): return '0x' + ''.join(R.choice('0123456789abcdef') for _ in range(40))

def spaced(s, groups, sep=' '):
    out, i = [], 0
    for g in groups: out.append(s[i:i+g]); i += g
    return sep.join(out)
def breakcheck(v, alphabet=D):
    """the value with its last character changed to one that fails"""
    for c in alphabet:
        if c != v[-1]: return v[:-1] + c
def invalid(v, is_valid, alphabet=D):
    for c in R.sample(alphabet, len(alphabet)):
        w = v[:-1] + c
        if not is_valid(w): return w

NAMES = ['María García López', 'Javier Ruiz', 'Giulia Bianchi', 'Marco Esposito', 'João Silva', 'Ana Ferreira', 'Camille Dubois', 'Luc Martin',
         'Lotte Janssens', 'Pieter de Vries', 'Sanne Bakker', 'Jonas Weber', 'Katarzyna Nowak', 'Erik Lindqvist', 'Ingrid Hansen', 'Mette Jensen',
         'Aino Virtanen', 'Lucas Oliveira', 'Sofía Hernández', 'Matías Soto', 'Valentina Gómez', 'Wei Ling Tan', 'Priya Sharma', 'Olivia Nguyen',
         'Ji-woo Park', 'Li Na', 'Haruto Sato', 'Thandiwe Mokoena', 'Noa Levi', 'Elif Yılmaz']
def N(): return R.choice(NAMES)
POS = []
def P(kind, tpls, vals):
    for t, v in zip(tpls, vals):
        POS.append({'text': t.format(v=v, n=N()), 'label': True, 'kind': kind})

P('es_dni', ['Nombre: {n}\nDNI: {v}\nFecha de alta: 03/02/2024', 'Hola, soy {n}, mi DNI es {v}, ¿podéis revisar mi factura?',
  'CRM note: customer verified identity with NIF {v} over the phone.', 'Please update my record, my Spanish ID (DNI) is {v}.',
  '{{"nombre": "{n}", "nif": "{v}"}}', 'Ticket #4471 - titular {n}, D.N.I. {v}, solicita baja del servicio', 'dni={v};nombre={n}'],
  [g_dni() for _ in range(7)])
P('es_nie', ['Mi NIE es {v} y vivo en Valencia desde 2019.', 'NIE del trabajador: {v}', 'The tenant {n} (NIE {v}) signed the lease today.',
  'Número de identidad de extranjero: {v}', 'hi! my nie is {v}, do you need anything else?', 'Residence card no. {v} issued in Madrid'],
  [g_nie() for _ in range(6)])
P('it_codice_fiscale', ['Codice fiscale: {v}', 'Buongiorno, il mio codice fiscale è {v}, grazie.', 'Customer {n}, tax code {v}, requested a refund.',
  'CF {v} - {n} - residente a Torino', '{{"cliente": "{n}", "codice_fiscale": "{v}"}}', 'Ho sbagliato a scrivere, il C.F. corretto è {v}',
  'Intestatario: {n}\nC.F.: {v}'],
  [g_cf() for _ in range(6)] + [g_cf(True)])
P('pt_nif', ['NIF: {v}', 'O meu número de contribuinte é {v}.', 'Please add NIF {v} to the invoice for {n}.', 'Contribuinte n.º {v} – {n}',
  'Fatura com NIF {v}, por favor'], [g_ptnif() for _ in range(5)])
def nirfmt(v): return spaced(v, [1, 2, 2, 2, 3, 3, 2])
P('fr_nir', ['Numéro de sécurité sociale : {v}', "Mon numéro de sécu c'est le {v}", 'N° SS {v} – {n}', 'The employee\'s French social security number (NIR) is {v}.',
  'Carte Vitale n° {v}', 'NIR: {v}'],
  [nirfmt(g_nir()) for _ in range(3)] + [g_nir() for _ in range(2)] + [nirfmt(g_nir())])
def nnfmt(v): return '%s.%s.%s-%s.%s' % (v[0:2], v[2:4], v[4:6], v[6:9], v[9:11])
P('be_nn', ['Rijksregisternummer: {v}', 'Numéro de registre national : {v}', 'Belgian national number of {n}: {v}', 'INSZ {v}', 'mijn rijksregisternummer is {v}'],
  [nnfmt(g_nn()) for _ in range(3)] + [g_nn() for _ in range(2)])
P('nl_bsn', ['BSN: {v}', 'Mijn burgerservicenummer is {v}.', 'Client {n}, BSN {v}, intake completed.', 'Sofinummer/BSN {v}', '{{"naam": "{n}", "bsn": "{v}"}}', 'Het BSN van mijn dochter is {v}'],
  [g_bsn() for _ in range(6)])
def idfmt(v): return spaced(v, [2, 3, 3, 3])
P('de_steuer_id', ['Steuer-ID: {v}', 'Meine Steueridentifikationsnummer lautet {v}.', 'Steuerliche Identifikationsnummer {v} – {n}', 'tax ID (Germany) of the employee: {v}', 'IdNr {v}', 'Identifikationsnummer: {v}'],
  [g_idnr() for _ in range(3)] + [idfmt(g_idnr()) for _ in range(3)])
P('pl_pesel', ['PESEL: {v}', 'Mój numer PESEL to {v}.', 'Pacjent {n}, PESEL {v}', 'Customer Polish ID number (PESEL) {v}', 'pesel={v}', 'Proszę o zmianę danych, PESEL {v}'],
  [g_pesel() for _ in range(6)])
P('se_personnummer', ['Personnummer: {v}', 'Mitt personnummer är {v}.', 'Patient {n}, personnr {v}, bokad 14:30', 'Swedish personal identity number {v}', 'pnr: {v}', 'Kund {n} ({v}) ringde om fakturan'],
  [g_pnr() for _ in range(3)] + [g_pnr(True) for _ in range(2)] + [g_pnr()])
P('no_fodselsnummer', ['Fødselsnummer: {v}', 'Mitt fødselsnummer er {v}.', 'Personnummer (11 siffer): {v}', 'Norwegian national ID number of {n}: {v}', 'f.nr. {v}'],
  [g_fnr() for _ in range(5)])
P('dk_cpr', ['CPR-nummer: {v}', 'Mit CPR-nr. er {v}.', 'Patient {n}, CPR {v}', 'Danish CPR number of the applicant: {v}', 'cpr: {v}'],
  [g_cpr() for _ in range(4)] + [g_cpr().replace('-', '')])
P('fi_hetu', ['Henkilötunnus: {v}', 'Hetu {v}', 'Minun henkilötunnukseni on {v}.', 'Finnish personal identity code {v} – {n}', 'Potilas {n}, HETU {v}'],
  [g_hetu() for _ in range(5)])
def cpffmt(v): return '%s.%s.%s-%s' % (v[:3], v[3:6], v[6:9], v[9:])
P('br_cpf', ['CPF: {v}', 'Meu CPF é {v}, pode emitir a nota?', 'Cliente {n}, CPF {v}', 'cpf={v}', 'Brazilian taxpayer id (CPF) {v}', 'Segue meu CPF {v} pra cadastro'],
  [cpffmt(g_cpf()) for _ in range(3)] + [g_cpf() for _ in range(2)] + [cpffmt(g_cpf())])
def cnpjfmt(v): return '%s.%s.%s/%s-%s' % (v[:2], v[2:5], v[5:8], v[8:12], v[12:])
P('br_cnpj', ['Sou MEI, o CNPJ da minha empresa individual é {v}.', 'CNPJ do autônomo {n}: {v}', 'Nota fiscal para {n} (MEI), CNPJ {v}'],
  [cnpjfmt(g_cnpj()) for _ in range(3)])
P('mx_curp', ['CURP: {v}', 'Mi CURP es {v}', 'Registro de {n}, CURP {v}', 'Mexican CURP of the beneficiary: {v}', 'curp={v}', 'Clave Única de Registro de Población: {v}'],
  [g_curp() for _ in range(6)])
def rutfmt(v):
    b, c = v[:-1], v[-1]; s = ''
    while len(b) > 3: s = '.' + b[-3:] + s; b = b[:-3]
    return b + s + '-' + c
P('cl_rut', ['RUT: {v}', 'Mi RUT es {v}', 'Cliente {n}, R.U.T. {v}', 'Chilean RUT of the employee: {v}', 'rut {v} boleta pendiente', 'RUN {v}'],
  [rutfmt(g_rut()) for _ in range(4)] + [g_rut()[:-1] + '-' + g_rut()[-1:] for _ in range(0)] + [rutfmt(g_rut()) for _ in range(2)])
P('ar_dni', ['DNI: {v}', 'Mi DNI es {v}, soy de Rosario.', 'Documento Nacional de Identidad N° {v}', 'Argentine DNI of the client: {v}'],
  ['%s.%03d.%03d' % (R.randint(10, 45), R.randint(0, 999), R.randint(0, 999)) for _ in range(3)] + [str(R.randint(10000000, 45999999))])
P('sg_nric', ['NRIC: {v}', 'My NRIC is {v}, can you check my appointment?', 'Patient {n}, NRIC {v}', 'FIN number: {v}', 'IC no. {v}', 'nric={v}'],
  [g_nric('S'), g_nric('T'), g_nric('S'), g_nric('G'), g_nric('T'), g_nric('F')])
def aafmt(v): return spaced(v, [4, 4, 4])
P('in_aadhaar', ['Aadhaar: {v}', 'My Aadhaar number is {v}.', 'KYC done, aadhaar no {v}', 'आधार संख्या: {v}', 'Customer {n} submitted UID {v} for verification', 'aadhaar={v}'],
  [aafmt(g_aadhaar()) for _ in range(4)] + [g_aadhaar() for _ in range(2)])
P('au_tfn', ['TFN: {v}', 'My tax file number is {v}.', 'Employee {n}, TFN {v}', 'Tax File Number: {v}'],
  [spaced(g_tfn(), [3, 3, 3]) for _ in range(2)] + [g_tfn() for _ in range(2)])
P('au_medicare', ['Medicare number: {v}', 'My Medicare card no. is {v}', 'Patient {n}, Medicare {v}', 'medicare: {v}'],
  [spaced(g_medicare(), [4, 5, 1]) for _ in range(2)] + [g_medicare() for _ in range(2)])
P('au_abn', ['I\'m a sole trader, my ABN is {v}.', 'Contractor {n}, ABN {v}, invoice attached', 'ABN: {v} (sole trader)'],
  [spaced(g_abn(), [2, 3, 3, 3]) for _ in range(2)] + [g_abn()])
def rrnfmt(v): return v[:6] + '-' + v[6:]
P('kr_rrn', ['주민등록번호: {v}', 'Resident registration number: {v}', '제 주민번호는 {v} 입니다', 'Customer {n}, RRN {v}', 'RRN {v}'],
  [rrnfmt(g_rrn()) for _ in range(4)] + [g_rrn()])
P('cn_resident_id', ['身份证号：{v}', '我的身份证号码是{v}', 'Chinese ID card number of {n}: {v}', '{{"name": "{n}", "id_card": "{v}"}}', 'Resident ID {v}'],
  [g_ric() for _ in range(5)])
P('jp_my_number', ['マイナンバー：{v}', '個人番号 {v}', 'My Number (Japan) of the employee: {v}', 'Individual Number: {v}'],
  [spaced(g_mynumber(), [4, 4, 4]), g_mynumber(), spaced(g_mynumber(), [4, 4, 4]), g_mynumber()])
P('za_id', ['ID number: {v}', 'My South African ID is {v}', 'SA ID {v} – {n}', 'RSA identity number {v}', 'id no {v}'],
  [g_zaid() for _ in range(5)])
P('il_id', ['תעודת זהות: {v}', 'Israeli ID number {v}', 'Teudat zehut {v} – {n}', 'מספר ת.ז. {v}'],
  [g_ilid() for _ in range(4)])
P('tr_tckn', ['TC Kimlik No: {v}', 'T.C. kimlik numaram {v}', 'Turkish national ID (TCKN) of {n}: {v}', 'TCKN {v}', 'kimlik no: {v}'],
  [g_tc() for _ in range(5)])
# addresses
ADDR = [
 ('addr_uk', 'Please send it to {n}, 14 Larkspur Road, Bristol BS7 9QR.'),
 ('addr_uk', 'Delivery address: Flat 3, 27 Kingsley Avenue, Manchester M20 2RN'),
 ('addr_uk', 'I live at 9 Elm Close, Oxford OX4 1LB, United Kingdom'),
 ('addr_uk', 'Customer moved to 112 Mill Lane, Leeds LS6 3HE'),
 ('addr_uk', 'Address: 5 Church Street, Edinburgh EH1 2PB'),
 ('addr_uk', 'my new address is 48 Victoria Road, London SW19 1AA'),
 ('addr_ca', 'Ship to {n}, 221 Maple Street, Toronto, ON M4C 1B5'),
 ('addr_ca', 'Mon adresse : 1450 rue Sainte-Catherine, Montréal QC H3G 1P1'),
 ('addr_ca', 'Address on file: 87 Birch Avenue, Vancouver, BC V6K 2N4'),
 ('addr_ca', 'I moved to 33 Lakeshore Drive, Halifax NS B3H 4R2'),
 ('addr_ca', 'Mailing address: 610 Queen St W, Calgary AB T2P 0N4'),
 ('addr_de', 'Meine Adresse: Lindenstraße 12, 10115 Berlin'),
 ('addr_de', 'Lieferanschrift: {n}, Hauptstr. 5a, 80331 München'),
 ('addr_de', 'Bitte schicken Sie die Unterlagen an Am Rosengarten 7, 50667 Köln.'),
 ('addr_de', 'Customer address: Goethestraße 23, 60313 Frankfurt am Main'),
 ('addr_de', 'wohnhaft in der Bahnhofstraße 41, 04109 Leipzig'),
 ('addr_fr', "J'habite au 18 rue des Lilas, 75019 Paris."),
 ('addr_fr', 'Adresse de livraison : {n}, 4 avenue Jean Jaurès, 69007 Lyon'),
 ('addr_fr', 'Client domicilié 27 boulevard Gambetta, 06000 Nice'),
 ('addr_fr', 'Nouvelle adresse : 3 impasse du Moulin, 33000 Bordeaux'),
 ('addr_es', 'Mi dirección es Calle de Alcalá 45, 3º B, 28014 Madrid.'),
 ('addr_es', 'Enviar a {n}, Avenida Diagonal 211, 08018 Barcelona'),
 ('addr_es', 'Domicilio: C/ San Vicente 12, 46002 Valencia'),
 ('addr_it', 'Il mio indirizzo è Via Roma 12, 20121 Milano.'),
 ('addr_it', 'Spedire a {n}, Corso Vittorio Emanuele II 88, 10121 Torino'),
 ('addr_it', 'Residenza: Piazza Garibaldi 3, 80142 Napoli'),
 ('addr_nl', 'Mijn adres is Keizersgracht 123, 1015 CJ Amsterdam.'),
 ('addr_nl', 'Bezorgadres: {n}, Dorpsstraat 8, 3511 AB Utrecht'),
 ('addr_nl', 'Address: Laan van Meerdervoort 52, 2517 AM Den Haag'),
 ('addr_au', 'Please post it to 42 Wallaby Way, Sydney NSW 2000.'),
 ('addr_au', 'Residential address: 7 Banksia Street, Fitzroy VIC 3065'),
 ('addr_au', 'My address is Unit 4, 19 Beach Road, Bondi NSW 2026'),
 ('addr_au', 'Address on file: 12 Acacia Crescent, Toowong QLD 4066'),
]
for k, t in ADDR: POS.append({'text': t.format(n=N()), 'label': True, 'kind': k})
# crypto wallets and an IP of a person
P('crypto_btc', ['Send the refund to my bitcoin wallet {v}', 'BTC address: {v}', 'my btc addy is {v} thx', 'Payout wallet (Bitcoin) for {n}: {v}'],
  [g_btc(), g_btc(), g_bech(), g_bech()])
P('crypto_eth', ['My ETH wallet is {v}', 'Ethereum address of the customer: {v}', 'send usdt (erc20) to my wallet {v}'],
  [g_eth() for _ in range(3)])
P('ip_person', ['My IP address is {v}, can you unblock me?', 'User {n} logged in from IP {v} (her home connection)', 'the customer\'s home IP was {v}', 'Mi dirección IP es {v}'],
  ['%d.%d.%d.%d' % (R.choice([81, 92, 176, 213]), R.randint(1, 254), R.randint(1, 254), R.randint(1, 254)) for _ in range(4)])
# longer texts of several registers
P('it_codice_fiscale', ['Gentile assistenza,\nvi scrivo per la pratica di rimborso. Allego la carta d\'identità; il mio codice fiscale è {v}.\nCordiali saluti,\n{n}'], [g_cf()])
P('es_dni', ['From: {n}\nSubject: cambio de titular\n\nBuenas tardes, adjunto mi DNI ({v}) y el contrato firmado. Un saludo.'], [g_dni()])
P('mx_curp', ['[chat] cliente: ya te pasé mi curp {v} o la necesitas otra vez?'], [g_curp()])
P('sg_nric', ['Hi team, patient {n} ({v}) missed her 3pm slot, pls call back.'], [g_nric('S')])
P('cn_resident_id', ['订单备注：收货人{n}，身份证{v}，请核实。'], [g_ric()])
P('se_personnummer', ['Hej! Jag heter {n} och mitt personnummer är {v}. Kan ni skicka ett nytt kort?'], [g_pnr(True)])
P('pl_pesel', ['Dzień dobry, w załączniku skan dowodu. PESEL: {v}. Pozdrawiam, {n}'], [g_pesel()])
P('nl_bsn', ['Intake 12-03: cliënt {n}, geb. 1984, BSN {v}, huisarts gebeld.'], [g_bsn()])
P('fr_nir', ['Bonjour, pour le remboursement voici mon n° de sécurité sociale {v}. Merci !'], [nirfmt(g_nir())])
P('tr_tckn', ['Merhaba, siparişim için fatura lazım. TC kimlik no {v}, adım {n}.'], [g_tc()])
P('za_id', ['Applicant: {n}\nID Number: {v}\nEmployer: self-employed'], [g_zaid()])
P('kr_rrn', ['고객 {n} 님의 주민등록번호 {v} 확인 완료'], [rrnfmt(g_rrn())])
P('in_aadhaar', ['Dear sir, please link my Aadhaar {v} with my bank account. Regards, {n}'], [aafmt(g_aadhaar())])
P('br_cpf', ['Oi! Pra finalizar a compra precisa do CPF né? é {v}'], [cpffmt(g_cpf())])
P('cl_rut', ['Estimados, mi RUT es {v} y no me llegó la boleta. Saludos.'], [rutfmt(g_rut())])
P('fi_hetu', ['Hei, henkilötunnukseni on {v}, voitteko tarkistaa laskun?'], [g_hetu()])
P('no_fodselsnummer', ['Hei, fødselsnummeret mitt er {v}. Hilsen {n}'], [g_fnr()])
P('dk_cpr', ['Hej, mit cpr nummer er {v}, kan I sende et nyt sygesikringskort?'], [g_cpr()])
P('be_nn', ['Bonjour, mon numéro national est le {v}, merci de corriger mon dossier.'], [nnfmt(g_nn())])
P('de_steuer_id', ['Sehr geehrte Damen und Herren, anbei meine Steuer-ID {v} für die Lohnabrechnung. MfG {n}'], [idfmt(g_idnr())])
P('pt_nif', ['Boa tarde, podem colocar o NIF {v} na fatura? Obrigado, {n}'], [g_ptnif()])
P('il_id', ['Hi, my teudat zehut number is {v}, I need to update my address.'], [g_ilid()])
P('jp_my_number', ['お世話になっております。{n}です。マイナンバーは{v}です。'], [g_mynumber()])
P('au_tfn', ['G\'day, my TFN is {v} for the payroll form.'], [spaced(g_tfn(), [3, 3, 3])])

NEG = []
def Q(kind, tpls, vals=None):
    for i, t in enumerate(tpls):
        NEG.append({'text': t.format(v=vals[i] if vals else ''), 'label': False, 'kind': kind})
# invalid checksums, each with its label
Q('bad-check', ['DNI: {v}', 'NIE {v}', 'Codice fiscale: {v}', 'NIF: {v}', 'BSN: {v}', 'PESEL: {v}', 'Personnummer: {v}', 'Fødselsnummer: {v}', 'Henkilötunnus: {v}',
  'CPF: {v}', 'CURP: {v}', 'RUT: {v}', 'NRIC: {v}', 'Aadhaar: {v}', 'TFN: {v}', 'Medicare number: {v}', '身份证号：{v}', 'TC Kimlik No: {v}', 'ID number: {v}',
  'Steuer-ID: {v}', 'Rijksregisternummer: {v}', 'Numéro de sécurité sociale : {v}', 'Israeli ID number {v}', 'RRN {v}', 'マイナンバー：{v}', 'CNPJ {v}', 'ABN: {v}'],
  [invalid(g_dni(), dni.is_valid, string.ascii_uppercase), invalid(g_nie(), nie.is_valid, string.ascii_uppercase), invalid(g_cf(), codicefiscale.is_valid, string.ascii_uppercase),
   invalid(g_ptnif(), ptnif.is_valid), invalid(g_bsn(), bsn.is_valid), invalid(g_pesel(), pesel.is_valid), invalid(g_pnr(), personnummer.is_valid),
   invalid(g_fnr(), fodselsnummer.is_valid), invalid(g_hetu(), hetu.is_valid, '0123456789ABCDEFHJKLMNPRSTUVWXY'), cpffmt(invalid(g_cpf(), cpf.is_valid)),
   invalid(g_curp(), curp.is_valid), rutfmt(invalid(g_rut(), rut.is_valid, D + 'K')), (lambda v: v[:-1] + ('A' if v[-1] != 'A' else 'B'))(g_nric('S')),
   aafmt(invalid(g_aadhaar(), aadhaar.is_valid)), invalid(g_tfn(), tfn.is_valid), (lambda v: v[:8] + str((int(v[8]) + 1) % 10) + v[9])(g_medicare()),
   invalid(g_ric(), ric.is_valid, D + 'X'), invalid(g_tc(), tckimlik.is_valid), invalid(g_zaid(), zaid.is_valid), invalid(g_idnr(), idnr.is_valid),
   nnfmt(invalid(g_nn(), nn.is_valid)), nirfmt(invalid(g_nir(), nir.is_valid)), invalid(g_ilid(), ilid.is_valid), rrnfmt(invalid(g_rrn(), rrn.is_valid)),
   (lambda v: v[:-1] + str((int(v[-1]) + 1) % 10))(g_mynumber()), cnpjfmt(invalid(g_cnpj(), cnpj.is_valid)), invalid(g_abn(), abn.is_valid)])
# invalid, second round, unlabelled or in sentences
Q('bad-check', ['Il codice {v} non risulta valido.', 'Clave {v} rechazada', 'Der Code {v} wurde abgelehnt', 'Referência {v}', 'ID {v} not found in the register',
  'Número {v} incorrecto, revise el dígito de control', 'pnr {v} (felaktig kontrollsiffra)', 'CPF {v} inválido'],
  [invalid(g_cf(True), codicefiscale.is_valid, string.ascii_uppercase), invalid(g_curp(), curp.is_valid), invalid(g_idnr(), idnr.is_valid), invalid(g_ptnif(), ptnif.is_valid),
   invalid(g_ric(), ric.is_valid, D + 'X'), invalid(g_dni(), dni.is_valid, string.ascii_uppercase), invalid(g_pnr(True), personnummer.is_valid), invalid(g_cpf(), cpf.is_valid)])
# impossible dates in date-bearing numbers
Q('bad-date', ['Personnummer: 851345-1234', 'PESEL: 85133112345', 'Henkilötunnus: 320285-123A', 'CPR-nummer: 320185-1234', 'Fødselsnummer: 32018512345', '身份证号：110105198513320018',
  'SA ID 8513325123083', 'RRN 851332-1234567'])
# documented examples
Q('doc-example', ['Formato del DNI: 8 cifras y una letra, p. ej. 12345678Z.', 'Esempio di codice fiscale: RSSMRA85T10A562S (Mario Rossi).', 'CPF de exemplo: 123.456.789-09',
  'Skatteverket test person Tolvan Tolvansson, 19121212-1212', 'Esimerkki henkilötunnuksesta: 131052-308T', 'BSN voorbeeld: 123456782 (test number)',
  'NRIC format e.g. S1234567D', 'GB 11643 example: 11010519491231002X', 'validator test: valid Aadhaar sample 2341 2341 2346 is not real', 'Enter your NIE (example: X1234567L)'])
# product codes, orders, timestamps, versions, phone-like ids, company numbers
Q('order', ['Order #12345678 shipped on 2024-03-02.', 'Pedido n.º 48213907 enviado', 'Bestellnummer 30012874512, Lieferung Dienstag', 'Invoice INV-2024-000871 due 30 days',
  'Tracking: 1Z999AA10123456784', 'Commande 77120934581 expédiée', 'Rif. ordine 2023118456', 'order_id=58213390718 status=paid', 'Ticket 20240312-0042 closed', 'Case 00481236 escalated'])
Q('product', ['SKU 84291033751 restocked', 'EAN 4006381333931', 'Part no. 12345678-9', 'Model WX-4402-B1 firmware 3.2.1', 'Artikelnummer 81234567K', 'ISBN 978-3-16-148410-0',
  'Serial SN20240311X7', 'Referencia 12345678A del catálogo', 'Lot 230915-0142 expiry 2026-09', 'Product code ABCDEF12G34H567I (internal)'])
Q('timestamp', ['2024-03-12T14:22:31Z request served in 12ms', 'epoch 1710253351 ms 1710253351123', 'built at 20240312142231', 'log: 12/03/2024 14:22:31 level=info',
  'uptime 4402134 s', '20240312-142231-0001.log rotated', 'unix 1699999999 → 2023-11-14', 'modified 1985-07-30 09:15'])
Q('version', ['go1.22.3 linux/amd64', 'version 10.0.19045.3693', 'v2.11.1-0.20250325101103-175b25e1c1b9', 'kernel 6.1.0-18-amd64', 'Chrome/122.0.6261.112',
  'libssl3 3.0.11-1~deb12u2', 'build 23F79', 'release 2023.11.2'])
Q('phone-like-id', ['Request id 4155552671 retried', 'trace 0312458891234 span 77', 'PID 31245 exited with 1', 'row 123456789 updated', 'hash 6078203581 collision', 'port 8443, pid 22871'])
Q('company', ['Organisationsnummer: 556036-0793 (AB Volvo)', 'CIF: A28015865', 'SIREN 552 100 554', 'Partita IVA 00743110157', 'KvK-nummer 33014286', 'NIP 526-000-12-46', 'CVR 24256790',
  'Company No. 00445790 registered in England', 'Org.nr. 923 609 016', 'ABN 51 824 753 556 (Australian Taxation Office)', 'CNPJ da Petrobras: 33.000.167/0001-01', 'HRB 86891, Amtsgericht München',
  'RUT empresa 76.086.428-5 Falabella SpA', 'Y-tunnus 0112038-9'])
Q('postcode-city', ['We have offices in London SW1A and Manchester.', 'Postcode area M20 covers Didsbury.', '10115 Berlin ist ein Postleitzahlbereich.', 'The 75019 arrondissement is in Paris.',
  'Toronto M4C is in the east end.', 'Sydney NSW 2000 is the CBD.', 'Amsterdam 1015 CJ', 'The weather in Madrid 28014 today', 'Store hours: Via Roma, Milano, 9-18',
  'Head office: Siemens AG, Werner-von-Siemens-Straße 1, 80333 München', 'Registered office: Unilever PLC, 100 Victoria Embankment, London EC4Y 0DY', 'Palace of Westminster, London SW1A 0AA'])
Q('prose', ['Your DNI has eight digits and a check letter.', 'The PESEL encodes the date of birth and sex.', 'Enter your codice fiscale in the form below.', 'Ask the customer for their BSN only when required.',
  'CPF is required for invoices in Brazil.', 'The personnummer check digit uses the Luhn algorithm.', 'Aadhaar numbers never start with 0 or 1.', 'TFN: never email it.'])
Q('crypto-like', ['commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39', 'sha1 0x5d41402abc4b2a76b9719d911017c592aabbccdd in the log', 'tx hash 0x' + 'ab' * 32,
  'the genesis contract 0x0000000000000000000000000000000000000000', 'base58 test vector 1111111111111111111114oLvT2 (burn)'])
Q('server-ip', ['upstream 10.0.3.17:8080 timed out', 'GET /health 200 from 172.16.4.2', 'nameserver 8.8.8.8', 'listen 0.0.0.0:443', 'version 1.2.3.4 released'])
Q('ar-dni-bare', ['Población 2023: 45.892.000 habitantes', 'Total: 12.345.678 pesos'])
if __name__ == '__main__':
    out = sys.argv[2]
    with open(out, 'w') as f:
        for it in POS + NEG:
            it['note'] = 'project-written heldout, pii2 (international)'
            f.write(json.dumps(it, ensure_ascii=False) + '\n')
