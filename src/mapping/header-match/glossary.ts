/**
 * General materials-science vocabulary, English and Chinese, so a header meets a field named in the
 * other language. A line is one concept: English names (the first canonical), `|`, Chinese names;
 * matched normalized, longest first. A term only one data set uses belongs in its mapping, not here.
 */
const LINES = `
yield strength; yield stress; proof stress; proof strength; offset yield strength | 屈服强度; 屈服应力; 屈服点; 规定非比例延伸强度; 条件屈服强度
tensile strength; ultimate tensile strength; ultimate strength; tensile stress; breaking strength | 抗拉强度; 拉伸强度; 极限强度; 断裂强度
compressive strength; compression strength | 抗压强度; 压缩强度
flexural strength; bending strength; modulus of rupture | 抗弯强度; 弯曲强度
shear strength | 抗剪强度; 剪切强度
elongation; elongation at break; elongation to failure; total elongation; ductility; strain at break; fracture strain | 延伸率; 伸长率; 断后伸长率; 断裂伸长率; 延伸; 塑性
uniform elongation | 均匀延伸率; 均匀伸长率
reduction of area; area reduction | 断面收缩率; 面缩率
hardness | 硬度
vickers hardness | 维氏硬度
brinell hardness | 布氏硬度
rockwell hardness | 洛氏硬度
microhardness | 显微硬度
nanohardness; nanoindentation hardness | 纳米硬度
young modulus; youngs modulus; young's modulus; elastic modulus; modulus of elasticity; tensile modulus | 杨氏模量; 弹性模量
shear modulus; modulus of rigidity | 剪切模量; 切变模量
bulk modulus | 体积模量; 体弹模量
poisson ratio; poisson's ratio; poissons ratio | 泊松比
fracture toughness | 断裂韧性; 断裂韧度
impact energy; impact toughness; charpy impact energy; impact strength; absorbed energy | 冲击功; 冲击韧性; 冲击吸收功; 冲击能量; 冲击强度
fatigue strength; fatigue limit; endurance limit | 疲劳强度; 疲劳极限
fatigue life; cycles to failure | 疲劳寿命; 循环次数
creep rupture life; rupture life; creep life; time to rupture; stress rupture life | 持久寿命; 蠕变寿命; 蠕变断裂寿命; 断裂时间
creep rate; minimum creep rate; steady state creep rate | 蠕变速率; 最小蠕变速率
stress | 应力
strain | 应变
strain rate | 应变速率
loading rate; crosshead speed | 加载速率; 加载速度; 横梁速度
wear rate | 磨损率
friction coefficient; coefficient of friction | 摩擦系数
density | 密度
relative density | 相对密度; 致密度
porosity | 孔隙率; 气孔率; 孔隙度
melting point; melting temperature | 熔点; 熔化温度
boiling point | 沸点
glass transition temperature | 玻璃化转变温度; 玻璃转变温度; 玻璃化温度
crystallization temperature; crystallisation temperature; onset crystallization temperature | 晶化温度; 结晶温度
liquidus temperature; liquidus | 液相线温度; 液相线
solidus temperature; solidus | 固相线温度; 固相线
curie temperature | 居里温度; 居里点
neel temperature | 奈尔温度
critical temperature; superconducting transition temperature | 临界温度; 超导转变温度
transition temperature | 转变温度; 相变温度
glass forming ability | 玻璃形成能力; 非晶形成能力
critical cooling rate | 临界冷却速率
critical diameter; critical casting thickness | 临界直径; 临界尺寸
thermal conductivity | 热导率; 导热系数; 导热率
lattice thermal conductivity | 晶格热导率
thermal diffusivity | 热扩散系数; 热扩散率
specific heat; specific heat capacity; heat capacity | 比热容; 比热; 热容
thermal expansion coefficient; coefficient of thermal expansion; thermal expansion | 热膨胀系数; 线膨胀系数; 热膨胀
electrical resistivity; resistivity; specific resistance | 电阻率
electrical resistance; resistance | 电阻
electrical conductivity; conductivity | 电导率; 导电率
seebeck coefficient; thermopower; thermoelectric power | 塞贝克系数; 泽贝克系数; 热电势; 热电动势
power factor | 功率因子; 功率因数
figure of merit; thermoelectric figure of merit; zt | 热电优值; 优值; 品质因子
carrier concentration; carrier density | 载流子浓度
carrier mobility; mobility; hall mobility | 迁移率; 载流子迁移率
hall coefficient | 霍尔系数
band gap; bandgap; energy gap; gap | 带隙; 禁带宽度; 能隙; 带隙宽度
formation energy; energy of formation; formation enthalpy; enthalpy of formation; heat of formation | 形成能; 生成能; 形成焓; 生成焓
energy above hull; energy above convex hull; hull energy; distance to hull; decomposition energy | 凸包能; 凸包以上能量; 距凸包能量; 分解能
total energy | 总能量; 总能
cohesive energy | 结合能; 内聚能
fermi energy; fermi level | 费米能级; 费米能
work function | 功函数
magnetic moment; magnetisation; magnetization | 磁矩; 磁化强度
saturation magnetization; saturation magnetisation | 饱和磁化强度
coercivity; coercive force; coercive field | 矫顽力
remanence; remanent magnetization | 剩磁; 剩余磁化强度
magnetic permeability; permeability | 磁导率
magnetic ordering; magnetic order; magnetic state; magnetism | 磁有序; 磁序; 磁性
dielectric constant; permittivity; relative permittivity | 介电常数; 相对介电常数
dielectric loss | 介电损耗
piezoelectric coefficient | 压电系数
polarization; polarisation | 极化强度; 极化
refractive index | 折射率
lattice constant; lattice parameter; cell parameter | 晶格常数; 点阵常数; 晶胞参数
lattice angle; cell angle | 晶格角; 晶胞角
volume; cell volume | 体积; 晶胞体积
volume per atom; atomic volume | 原子体积; 每原子体积
space group; spacegroup | 空间群
point group | 点群
crystal structure; structure | 晶体结构; 结构
crystal system | 晶系
structure type; prototype | 结构类型; 原型结构
crystallinity | 结晶性; 结晶度; 结晶状态
grain size | 晶粒尺寸; 晶粒度; 晶粒大小
particle size | 粒径; 颗粒尺寸; 粒度; 颗粒大小
pore size | 孔径; 孔尺寸
specific surface area; surface area; bet surface area | 比表面积; 表面积
thickness | 厚度
length | 长度
width | 宽度
diameter | 直径
height | 高度
area | 面积
mass; weight | 质量; 重量
size | 尺寸; 大小
phase | 相; 物相
phase fraction | 相分数; 相含量
microstructure | 显微组织; 微观组织; 组织; 金相组织
morphology | 形貌
composition; chemical composition | 成分; 化学成分; 组成; 化学组成
formula; chemical formula; compound | 化学式; 分子式; 化合物
element | 元素
content; concentration; amount | 含量; 浓度
mass fraction; weight fraction; weight percent; mass percent | 质量分数; 质量百分比; 重量百分比
atomic fraction; atomic percent; atom fraction | 原子分数; 原子百分比
volume fraction; volume percent | 体积分数; 体积百分比
mole fraction; molar fraction; mole percent | 摩尔分数; 摩尔百分比
temperature | 温度
time; duration | 时间; 时长
pressure | 压力; 压强
atmosphere | 气氛
annealing | 退火
quenching | 淬火
tempering | 回火
aging; ageing | 时效
solution treatment; solution treated; solutionizing | 固溶; 固溶处理
normalizing | 正火
heat treatment | 热处理
sintering | 烧结
hot pressing; hot pressed | 热压
spark plasma sintering | 放电等离子烧结; 放电等离子体烧结
hot isostatic pressing | 热等静压
rolling | 轧制
cold rolling | 冷轧
hot rolling | 热轧
forging; forged | 锻造; 锻态
casting; cast; as cast | 铸造; 铸态
extrusion | 挤压
drawing | 拉拔
welding | 焊接
additive manufacturing; 3d printing | 增材制造; 3d打印
melting | 熔炼; 熔化
arc melting | 电弧熔炼
induction melting | 感应熔炼
melt spinning | 甩带; 熔体快淬; 熔体旋淬
ball milling; mechanical alloying | 球磨; 机械合金化
sputtering; magnetron sputtering | 溅射; 磁控溅射
deposition | 沉积
chemical vapor deposition | 化学气相沉积
physical vapor deposition | 物理气相沉积
pulsed laser deposition | 脉冲激光沉积
sol gel | 溶胶凝胶
hydrothermal | 水热
solid state reaction | 固相反应
single crystal growth; crystal growth | 晶体生长; 单晶生长
synthesis method; synthesis; synthesis route; preparation method; preparation; fabrication; processing method; processing; process | 合成方法; 制备方法; 制备工艺; 加工工艺; 工艺; 制备; 合成; 加工
heating rate | 升温速率; 加热速率
cooling rate | 冷却速率; 降温速率
holding time; soaking time; dwell time | 保温时间
test temperature; testing temperature; measurement temperature | 试验温度; 测试温度; 测量温度
test method; measurement method; characterization method; method | 测试方法; 测量方法; 表征方法; 试验方法; 方法
instrument; equipment; apparatus; device | 仪器; 设备; 装置
model | 型号
type; kind; category; class | 类型; 种类; 类别
manufacturer; vendor; supplier | 制造商; 生产商; 厂家; 供应商
sample; specimen | 样品; 试样; 样本
identifier; id; index; serial number; sample number | 编号; 序号; 标识
name | 名称; 名字
material | 材料
grade; alloy grade; designation | 牌号
alloy | 合金
steel | 钢
superalloy | 高温合金
metallic glass; bulk metallic glass; amorphous alloy | 金属玻璃; 非晶合金; 块体金属玻璃
ceramic | 陶瓷
polymer | 聚合物; 高分子
composite | 复合材料
oxide | 氧化物
perovskite | 钙钛矿
intermetallic | 金属间化合物
reference; citation; literature; source; bibliography | 参考文献; 文献; 来源; 出处; 引用
doi | doi
author | 作者
date | 日期
year | 年份
note; notes; remark; comment; description | 备注; 说明; 注释; 描述
condition | 条件
state | 状态
orientation; direction | 取向; 方向
position; location | 位置
substrate | 衬底; 基底; 基片
image; picture; photo; micrograph | 图片; 图像; 照片; 图
file; raw data; data file | 文件; 原始数据; 数据文件
curve | 曲线
spectrum | 谱; 光谱; 图谱
diffraction pattern | 衍射图谱; 衍射谱
peak | 峰
intensity | 强度
strength | 强度
full width at half maximum; fwhm | 半高宽; 半峰宽
amorphous | 非晶; 非晶态; 无定形
crystalline | 晶态; 结晶态; 晶体
polycrystalline; polycrystal | 多晶
single crystal; monocrystalline | 单晶
nanocrystalline | 纳米晶
nanoparticle; nanoparticles; nanopowder | 纳米颗粒; 纳米粒子; 纳米粉末
thin film; film | 薄膜
bulk | 块体; 块材
powder | 粉末
ribbon | 条带; 薄带
coating | 涂层
air | 空气
vacuum | 真空
argon | 氩气
nitrogen | 氮气
cubic | 立方; 立方晶系
tetragonal | 四方; 四方晶系; 正方
orthorhombic | 正交; 正交晶系; 斜方
hexagonal | 六方; 六方晶系
trigonal; rhombohedral | 三方; 三方晶系; 菱方
monoclinic | 单斜; 单斜晶系
triclinic | 三斜; 三斜晶系
face centered cubic; fcc | 面心立方
body centered cubic; bcc | 体心立方
hexagonal close packed; hcp | 密排六方
ferromagnetic | 铁磁; 铁磁性
antiferromagnetic | 反铁磁; 反铁磁性
ferrimagnetic | 亚铁磁; 亚铁磁性
paramagnetic | 顺磁; 顺磁性
nonmagnetic; non magnetic | 非磁; 非磁性; 无磁性
metallic; metal | 金属; 金属性
semiconductor; semiconducting | 半导体
insulator; insulating | 绝缘体
stable | 稳定
unstable; metastable | 不稳定; 亚稳
heusler alloy; heusler compound | 赫斯勒合金; 霍伊斯勒合金; heusler合金
yes; true | 是; 有
no; false | 否; 无
experimental; experiment; measured; measurement; observed | 实验; 实验值; 实测; 实测值; 测量值; 测定值
calculated; computed; computational; calculation; theoretical; theory; predicted; simulated; simulation; first principles | 计算; 计算值; 理论; 理论值; 预测; 预测值; 模拟; 第一性原理
value | 值; 数值
error; uncertainty; standard deviation; deviation | 误差; 不确定度; 标准差; 偏差
minimum; min; lower bound; lower limit | 最小; 最小值; 最低; 下限
maximum; max; upper bound; upper limit | 最大; 最大值; 最高; 上限
average; mean | 平均; 平均值; 均值
unit; units | 单位
`;

/** One concept: its canonical English name and every name it is known by. */
export interface GlossaryEntry {
  /** The canonical English name, the one other names are rewritten to. */
  readonly canonical: string;
  readonly english: readonly string[];
  readonly chinese: readonly string[];
}

function parseGlossary(text: string): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const [en = '', zh = ''] = line.split('|');
    const english = en
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const chinese = zh
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    entries.push({ canonical: english[0]!, english, chinese });
  }
  return entries;
}

/** The glossary, one entry per concept. */
export const GLOSSARY: readonly GlossaryEntry[] = parseGlossary(LINES);
